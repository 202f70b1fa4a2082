// Builds the React client into client/dist (served by the BFF) and runs the dev server.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { DefinePlugin } = require('webpack');
const { GenerateSW } = require('workbox-webpack-plugin');

const clientDir = path.resolve(__dirname, 'client');
const bffUrl = process.env.BFF_URL || 'http://127.0.0.1:8000';

// Paths the BFF answers; everything else is a client route (history fallback).
const bffPaths = [
  '/cms',
  '/masterclasses',
  '/users',
  '/subscriptions',
  '/products',
  '/content',
  '/api',
  '/healthz',
  '/media',
  '/uploads',
];

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';

  return {
    mode: production ? 'production' : 'development',
    context: clientDir,
    entry: { main: './src/index.tsx' },
    target: ['web', 'es2020'],
    output: {
      // CLIENT_DIST, as the BFF reads it, lets a second build live beside the usual one.
      path: process.env.CLIENT_DIST ? path.resolve(process.env.CLIENT_DIST) : path.join(clientDir, 'dist'),
      publicPath: '/',
      // Hashed names let the BFF serve assets as immutable; index.html stays no-cache.
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        'react-dom/client': 'preact/compat/client',
        'react-dom/test-utils': 'preact/test-utils',
        'react-dom': 'preact/compat',
        'react/jsx-runtime': 'preact/jsx-runtime',
        react: 'preact/compat',
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                target: 'es2020',
                transform: {
                  react: { runtime: 'automatic', development: !production },
                },
              },
            },
          },
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { importLoaders: 0 } }],
        },
        {
          test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/,
          type: 'asset',
        },
      ],
    },
    plugins: [
      // Every page is index.html's document around its own head and body (client/pages/): the
      // app's, with the scripts, and the offline page the service worker falls back to.
      new HtmlWebpackPlugin({
        template: path.join(clientDir, 'index.html'),
        page: pagePart('app'),
        scriptLoading: 'defer',
        minify: production,
      }),
      new HtmlWebpackPlugin({
        filename: 'offline.html',
        template: path.join(clientDir, 'index.html'),
        page: pagePart('offline'),
        inject: false,
        minify: production,
      }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
      }),
      // The external video host's embed URL ({id} is the video-host id); empty means the default.
      new DefinePlugin({
        'process.env.PLAYER_URL': JSON.stringify(process.env.PLAYER_URL || ''),
      }),
      new CopyPlugin({
        patterns: [{ from: path.join(clientDir, 'public'), to: '.' }],
      }),
      // The service worker (client/src/lib/offline.ts registers it; docs/pages.md, an installable
      // app). The functions below are copied into sw.js: they run in the worker, not here.
      ...(production ? [serviceWorker()] : []),
    ],
    optimization: {
      runtimeChunk: 'single',
      moduleIds: 'deterministic',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // Libraries of the first load change rarely: one long-lived chunk. Libraries used
          // only by lazy pages stay with those pages (default groups).
          vendor: {
            test: /[\\/]node_modules[\\/]/,
            name: 'vendor',
            chunks: 'initial',
            priority: 10,
            enforce: true,
          },
        },
      },
      minimizer: ['...', new CssMinimizerPlugin()],
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    performance: {
      hints: production ? 'warning' : false,
      // Budget for what /home loads before rendering (minified, before gzip).
      maxEntrypointSize: 400 * 1024,
      maxAssetSize: 300 * 1024,
    },
    devServer: {
      host: '127.0.0.1',
      port: Number(process.env.DEV_PORT || 3000),
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      static: false,
      proxy: [{ context: bffPaths, target: bffUrl, changeOrigin: false }],
      client: { overlay: { errors: true, warnings: false } },
    },
    stats: production ? 'normal' : 'minimal',
  };
};

/** A page's own part of the document (client/pages/<name>.html): what stands before its <body> goes
 * in the head, what the <body> holds in the body; the comment it opens with is for its readers. */
function pagePart(name) {
  const source = fs
    .readFileSync(path.join(clientDir, 'pages', `${name}.html`), 'utf8')
    .replace(/^<!--[\s\S]*?-->\n/, '');
  const [head, body] = source.split(/^<body>\n|^<\/body>\n/m);
  return { head: head.trim(), body: body.trim() };
}

/** The shell and every route's code precached; the pages, lists and articles read kept for
 * offline reading; offline.html for a page never opened. A member's answers are dropped from
 * the cache at sign-out (client/src/lib/offline.ts). */
/* global self */
function serviceWorker() {
  return new GenerateSW({
    swDest: 'sw.js',
    clientsClaim: true,
    skipWaiting: true,
    cleanupOutdatedCaches: true,
    // Icons beyond the favicon are for the home screen, not for reading offline.
    exclude: [/\.map$/, /^robots\.txt$/, /^icon-.*\.png$/, /^apple-touch-icon\.png$/, /^favicon\.ico$/],
    maximumFileSizeToCacheInBytes: 512 * 1024,
    runtimeCaching: [
      {
        urlPattern: ({ request }) => request.mode === 'navigate',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'pages',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 40 },
          cacheableResponse: { statuses: [200] },
          precacheFallback: { fallbackURL: '/offline.html' },
        },
      },
      {
        urlPattern: ({ url, request }) =>
          url.origin === self.location.origin &&
          request.method === 'GET' &&
          /^\/(cms|masterclasses)\//.test(url.pathname) &&
          !url.pathname.startsWith('/cms/preview'),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'content',
          expiration: { maxEntries: 80, maxAgeSeconds: 14 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: ({ url, request }) =>
          url.origin === self.location.origin &&
          request.destination === 'image' &&
          /^\/(media|uploads)\//.test(url.pathname),
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: 'images',
          expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  });
}
