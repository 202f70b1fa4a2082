// Module declarations for non-code files that webpack bundles.

declare module '*.css';
