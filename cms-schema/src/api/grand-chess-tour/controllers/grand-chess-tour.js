'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::grand-chess-tour.grand-chess-tour');
