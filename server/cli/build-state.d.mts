export function buildIsCurrent(root: string): { built: boolean; current: boolean };
