// Production: `webpack --mode production` → dist/ (content-hashed chunks, one lazy chunk per
// route, pre-compressed .gz next to every text asset). Development: `webpack serve` proxies the
// daemon's paths to CAMP_API_URL (default http://127.0.0.1:8080).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import { ChunkGroupsPlugin } from './scripts/chunk-groups-plugin.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENT_VERSION = '7.9';

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  const apiUrl = process.env.CAMP_API_URL || 'http://127.0.0.1:8080';
  const routerDist = path.join(here, 'node_modules/react-router/dist/production');
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.join(here, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: production
        ? {
            'react-router$': path.join(routerDist, 'index.mjs'),
            'react-router/dom$': path.join(routerDist, 'dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, 'css-loader'],
        },
        // Small SVGs (default avatar, logo) are inlined as data: URIs.
        { test: /\.svg$/, type: 'asset/inline' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        __CLIENT_VERSION__: JSON.stringify(CLIENT_VERSION),
        __GA_MEASUREMENT_ID__: JSON.stringify(process.env.CAMP_GA_MEASUREMENT_ID || ''),
      }),
      new HtmlWebpackPlugin({
        template: './src/index.html',
        favicon: './src/assets/favicon.svg',
        scriptLoading: 'defer',
      }),
      // Files served as they are from the site root (robots.txt).
      new CopyPlugin({ patterns: [{ from: 'public', to: '.' }] }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      ...(production
        ? [
            new ChunkGroupsPlugin(),
            new CompressionPlugin({
              test: /\.(js|css|html|svg|json)$/,
              algorithm: 'gzip',
              compressionOptions: { level: 9 },
              threshold: 512,
              minRatio: 0.9,
            }),
          ]
        : []),
    ],
    optimization: {
      minimize: production,
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          terserOptions: { compress: { passes: 2 }, mangle: true, format: { comments: false } },
          extractComments: false,
        }),
      ],
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // At most 5 script files per lazy chunk: the daemon speaks HTTP/1.1, where a browser opens
      // 6 connections per host; /reviews needed 13 files (three rounds of requests) before.
      splitChunks: { chunks: 'async', maxAsyncRequests: 5 },
    },
    performance: { hints: false },
    cache: production ? false : { type: 'filesystem' },
    stats: 'errors-warnings',
    devServer: {
      port: Number(process.env.PORT || 3000),
      historyApiFallback: true,
      hot: false,
      proxy: [
        {
          context: ['/api', '/uploads', '/server-version.json'],
          target: apiUrl,
          changeOrigin: true,
        },
        { context: ['/cable'], target: apiUrl, ws: true, changeOrigin: true },
      ],
    },
  };
};
