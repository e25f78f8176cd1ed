declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.woff2' {
  const url: string;
  export default url;
}

/** The release label baked in at build time (see config/webpack-app.cjs). */
declare const __PROMETRICA_RELEASE__: string;
