import { availabilityBoxes, type ListState } from '#shared/catalogue/list.ts';

/** The GET forms of /products carry the rest of the list state, so each works without JavaScript. */
export function HiddenListState({ state, omit }: { state: ListState; omit: 'category' | 'q' | 'sort' | 'view' | 'availability' }) {
  return (
    <>
      {omit !== 'category' && state.category && <input type="hidden" name="category" value={state.category} />}
      {omit !== 'q' && state.q.trim() && <input type="hidden" name="q" value={state.q} />}
      {omit !== 'availability' &&
        availabilityBoxes.map((box) => state[box.key] && <input key={box.name} type="hidden" name={box.name} value="on" />)}
      {omit !== 'sort' && state.sort !== 'relevance' && <input type="hidden" name="sort" value={state.sort} />}
      {omit !== 'view' && state.view === 'list' && <input type="hidden" name="view" value="list" />}
    </>
  );
}
