import type { CategoryNode, CategoryOption } from './types';

// The category tree flattened for a select (spec: a child is named by its search_name, else
// 'parent - child'). Each parent comes first, followed by its children.
export function flattenCategories(tree: readonly CategoryNode[]): CategoryOption[] {
  const options: CategoryOption[] = [];
  for (const parent of tree) {
    options.push({ id: parent.id, name: parent.name });
    for (const child of parent.lists) {
      const name = child.search_name.trim() ? child.search_name : `${parent.name} - ${child.name}`;
      options.push({ id: child.id, name });
    }
  }
  return options;
}
