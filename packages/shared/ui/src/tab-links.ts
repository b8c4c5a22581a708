/**
 * The ids that tie a row of tabs to their panels (the WAI-ARIA tabs pattern): spread
 * `tab(name)` on each Tab and `panel(name)` on its panel. `prefix` keeps two sets on one
 * page apart (a `useId()` for a component that may be mounted more than once).
 */
export function tabLinks<Name extends string>(prefix: string) {
  const tabId = (name: Name) => `${prefix}-tab-${name}`;
  const panelId = (name: Name) => `${prefix}-panel-${name}`;
  return {
    tab: (name: Name) => ({ id: tabId(name), 'aria-controls': panelId(name) }),
    panel: (name: Name) => ({
      role: 'tabpanel' as const,
      id: panelId(name),
      'aria-labelledby': tabId(name),
    }),
  };
}
