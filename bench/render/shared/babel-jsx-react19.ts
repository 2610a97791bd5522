// data-client/react 0.9 is compiled with Babel's inline-elements helper
// (@babel/runtime/helpers/jsx), which builds React <= 18 element objects; React 19
// rejects those (error #525). The render build aliases the helper to this shim so
// data-client renders with the same React 19 as the other pages.
import { createElement, type ElementType } from 'react';

export default function jsx(type: ElementType, props: Record<string, unknown> | null, key?: unknown, ...children: unknown[]) {
  const p: Record<string, unknown> = { ...(props ?? {}) };
  if (key !== undefined) p.key = '' + key;
  if (children.length === 1) p.children = children[0];
  else if (children.length > 1) p.children = children;
  return createElement(type, p);
}
