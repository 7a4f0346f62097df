# Berangkat API and web app: one server process per container (README "Deploy").
#   docker build --build-arg VITE_BASIC_AUTH_WEB=web:... -t berangkat .
# Checked against README, package.json and server/env.ts by tests/scripts/deploy-files.test.ts
# (no docker on the development machines).

# --- build: every dependency, the web app (dist/) and the compiled server (dist-server/) -----
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Baked into the web build: the web platform's credentials and the call centre's number.
ARG VITE_BASIC_AUTH_WEB
ARG VITE_CALL_CENTER_WHATSAPP
RUN npm run build

# --- production dependencies only ------------------------------------------------------------
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# --- run ---------------------------------------------------------------------------------------
FROM node:20-bookworm-slim
ENV NODE_ENV=production
ENV HOST=0.0.0.0
ENV PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# The image's own user from node's image: the server writes nothing under /app in production.
USER node
EXPOSE 3000
# Liveness: /api/health answers while the process runs, draining included, so a container is never
# marked unhealthy mid-drain. The load balancer checks /api/ready (deploy/haproxy.cfg).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs after its build. `docker stop` sends its SIGTERM to this process, which
# drains (server/index.ts).
CMD ["node", "--max-old-space-size=160", "--max-semi-space-size=2", "dist-server/index.js"]
