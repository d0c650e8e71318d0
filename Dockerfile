# Production image: one app process (API + web client + realtime gateway).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Inside a container the app must listen on every interface (the default is loopback only).
ENV HOST=0.0.0.0
COPY package.json package-lock.json ./
# Dev dependencies too: the client is built with Vite inside the image (NODE_ENV=production would omit them).
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npx vite build --config client/vite.config.ts
EXPOSE 3000
CMD ["npx", "tsx", "scripts/start.ts"]
