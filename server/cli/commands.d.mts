export interface Command {
  name: string;
  script: string;
  keepsWord: boolean;
  summary: string;
}
export const COMMANDS: readonly Command[];
export function closestWord(word: string, candidates: readonly string[]): string | undefined;
export function closestCommand(word: string): string | undefined;
