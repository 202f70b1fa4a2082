'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::grand-chess-tour.grand-chess-tour');
