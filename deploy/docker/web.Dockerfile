# syntax=docker/dockerfile:1
# The `web` container of distributed mode: nginx serving the member site at /, the staff console
# at /admin/ and proxying /api/<context>/ to the services (deploy/docker/nginx.conf).
#
#   docker build -f deploy/docker/web.Dockerfile -t forum-web .
#
# web-admin must be built with Vite's `base: '/admin/'`. A workspace without a `build` script
# (or whose build leaves no dist/index.html) gets a placeholder page, so that the stack still
# starts while a front end does not exist yet; a failing build fails the image.
# --ignore-scripts: see service.Dockerfile (Vite's native parts come as optional platform packages).

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY web-member/package.json web-member/
COPY web-admin/package.json web-admin/
RUN npm install --ignore-scripts --no-audit --no-fund
# The console imports the settings schema and permission names from libs/contracts (zod comes with the root install).
COPY libs/contracts/ libs/contracts/
COPY web-member/ web-member/
COPY web-admin/ web-admin/
RUN npm run build --workspaces --if-present \
 && for app in web-member web-admin; do \
      if [ ! -f "$app/dist/index.html" ]; then \
        echo "WARNING: $app has no build output; serving a placeholder page" >&2; \
        mkdir -p "$app/dist"; \
        printf '<!doctype html><meta charset="utf-8"><title>%s</title><p>%s is not built yet. The API documentation is at <a href="/api/forum/docs">/api/forum/docs</a>.</p>\n' "$app" "$app" > "$app/dist/index.html"; \
      fi; \
    done

FROM nginx:1.27-alpine
COPY deploy/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web-member/dist/ /usr/share/nginx/html/
COPY --from=build /app/web-admin/dist/ /usr/share/nginx/html/admin/
EXPOSE 80
