export interface Command {
  name: string;
  script: string;
  keepsWord: boolean;
  summary: string;
}
export declare const COMMANDS: readonly Command[];
export declare function entryPoints(): Record<string, string>;
export declare function closestWord(word: string, candidates: readonly string[]): string | undefined;
export declare function closestCommand(word: string): string | undefined;
