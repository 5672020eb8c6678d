# One image for the api and the worker (they share the built workspaces); the command picks the process.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY core/package.json core/
COPY search/package.json search/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
# `npm install` honours the lockfile's versions; `npm ci` refuses this lockfile (npm 11 leaves out other
# platforms' optional packages, such as @swc/core-darwin-arm64, and ci's own check then fails): scripts/install.sh.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "api/dist/main.js"]
