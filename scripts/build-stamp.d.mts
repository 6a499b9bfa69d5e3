export const STAMP_FILE: string;
export function sourceHash(root: string): string;
export function writeStamp(outDir: string, root: string): void;
export function readStamp(outDir: string): { sources: string; builtAt: string } | null;
export function staleBuildReason(root: string, outDirs: string[]): string | null;
