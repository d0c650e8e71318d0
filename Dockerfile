# Production image: one app process (API + web client + realtime gateway).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --config client/vite.config.ts
EXPOSE 3000
CMD ["npx", "tsx", "scripts/start.ts"]
