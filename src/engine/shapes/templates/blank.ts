import { starterTheme } from './theme';

/** A blank flow: the start event and nothing else, in the theme every new bot starts with. */
export function blankBot(name: string) {
  return {
    version: '6.1',
    name,
    events: [{ id: crypto.randomUUID(), type: 'start', graphCoordinates: { x: 0, y: 0 } }],
    groups: [],
    edges: [],
    variables: [],
    theme: starterTheme(),
    settings: {},
  };
}
