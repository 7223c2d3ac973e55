export declare const NODE_FLOOR: number;
export declare function nodeRefusal(version?: string): string | null;
export declare function requireNodeFloor(): void;
