// mdast-util-to-hast decides whether a list is loose (its items wrapped in <p>) again for
// every item, scanning all the list's items each time: a list of n items costs n². 50,000
// one-word items took six seconds. This handler decides once per list, remembers it,
// and hands each item to the stock handler already marked, so the HTML is the same.
import type { ListItem, List, Parents } from 'mdast';
import { defaultHandlers, type State } from 'mdast-util-to-hast';

const looseness = new WeakMap<List, boolean>();

function isItemLoose(item: ListItem): boolean {
  return item.spread ?? item.children.length > 1;
}

function isListLoose(list: List): boolean {
  let loose = looseness.get(list);
  if (loose === undefined) {
    loose = Boolean(list.spread) || list.children.some(isItemLoose);
    looseness.set(list, loose);
  }
  return loose;
}

export function listItemHandler(state: State, node: ListItem, parent: Parents | undefined) {
  if (parent?.type !== 'list') return defaultHandlers.listItem(state, node, parent);
  // Without a parent the stock handler reads looseness from the item's own `spread`.
  return defaultHandlers.listItem(state, { ...node, spread: isListLoose(parent) }, undefined);
}
