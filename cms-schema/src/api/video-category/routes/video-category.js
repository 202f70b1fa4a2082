'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::video-category.video-category');
