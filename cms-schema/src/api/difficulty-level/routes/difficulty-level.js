'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::difficulty-level.difficulty-level');
