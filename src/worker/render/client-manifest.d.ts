declare module 'virtual:client-manifest' {
  interface ManifestChunk {
    file: string;
    css?: string[];
    imports?: string[];
    dynamicImports?: string[];
    isEntry?: boolean;
  }
  const manifest: Record<string, ManifestChunk>;
  export default manifest;
}
