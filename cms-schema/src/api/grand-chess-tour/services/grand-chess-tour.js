'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::grand-chess-tour.grand-chess-tour');
