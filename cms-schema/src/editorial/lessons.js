'use strict';

// A lesson is published with at least one chapter that has a video: an empty lesson would be a
// page with nothing to watch. Checked on publish, and on a create or update that publishes at
// once (the REST API's `?status=published`), which Strapi does not route through `publish`.

const { errors } = require('@strapi/utils');

const LESSON = 'api::lesson.lesson';
const MESSAGE =
  'A lesson needs at least one chapter with a video before it is published: add a chapter ' +
  'and its video id, save, then publish.';

function hasVideo(chapters) {
  return (chapters || []).some((chapter) => String(chapter?.video_id ?? '').trim() !== '');
}

function refuse() {
  throw new errors.ValidationError(MESSAGE, { field: 'chapters' });
}

/** Registered in `register`: a Document Service middleware on the lesson type. */
function requireLessonVideo(strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== LESSON) return next();
    const { action, params = {} } = context;
    if (action === 'publish') {
      const draft = await strapi.documents(LESSON).findOne({
        documentId: params.documentId,
        status: 'draft',
        populate: { chapters: true },
      });
      if (draft && !hasVideo(draft.chapters)) refuse();
    } else if (['create', 'update'].includes(action) && params.status === 'published') {
      let chapters = params.data?.chapters;
      if (chapters === undefined && action === 'update') {
        const draft = await strapi.documents(LESSON).findOne({
          documentId: params.documentId,
          status: 'draft',
          populate: { chapters: true },
        });
        chapters = draft?.chapters;
      }
      if (!hasVideo(chapters)) refuse();
    }
    return next();
  });
}

module.exports = { LESSON_MESSAGE: MESSAGE, hasVideo, requireLessonVideo };
