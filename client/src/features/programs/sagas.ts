// Programs list paging (8 a page, restart on a filter or sort change), filter options, one
// program and one chapter. What a member watched is reported by the player (playback-saga.ts).
import { api } from '../../api/endpoints';
import { PAGE_SIZE, sortParameter } from '../../lib/constants';
import { takeFilteredList } from '../../state/list-cases';
import { fetchAll, takeNamedItem } from '../../state/request';
import { programsActions, programsList } from './slice';

export function* programsSaga() {
  yield takeFilteredList(programsList, {
    fetch: ({ filters, sort }, start) =>
      api.programs({ _limit: PAGE_SIZE.programs, _start: start, _sort: sortParameter(sort), ...filters }),
    filterOptions: () => fetchAll({ topics: api.topics, levels: api.difficultyLevels, trainers: api.trainers }),
  });
  yield takeNamedItem(programsActions, 'program', {
    what: 'Program',
    fetch: (id: string) => api.program(id),
  });
  yield takeNamedItem(programsActions, 'chapter', {
    what: 'Chapter',
    fetch: (id: string) => api.programChapter(id),
  });
}
