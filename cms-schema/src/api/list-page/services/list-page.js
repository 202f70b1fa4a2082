'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::list-page.list-page');
