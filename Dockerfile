# syntax=docker/dockerfile:1
#
# SnapNotes stage workers: one image per service, each a target of this file.
#   docker build --target ocr -t snapnotes-ocr .        # moderation | ocr | summarise | notes
# The gateway, which also serves the web app, is built from Dockerfile.web. docs/DEPLOY.md explains both.
#
#   fetch    `pnpm fetch`: every package of the lockfile into pnpm's store (cached until pnpm-lock.yaml changes)
#   build    offline install of the workers' dependency graph, one bundle per service (tsup: workspace code
#            inlined, npm packages left as imports), then `pnpm deploy --prod`: /out/<service> holds package.json,
#            dist/ and a node_modules with only that service's production dependencies
#   runtime  Debian slim Node 20, non-root `node` user; each service target copies its /out/<service> in

# The base of every stage: the registry's Node 20 image, or, with no registry, the one `pnpm images` builds from
# Debian's packages and the npm registry (--build-arg NODE_IMAGE=snapnotes/node:20-bookworm; docs/DEPLOY.md).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS pnpm
# Extra CA certificates (PEM text) for a TLS-intercepting proxy between the build and the npm registry, when there is
# one (deploy/images/build.sh passes the machine's). Build stages only: the final stages start again from NODE_IMAGE.
ARG BUILD_CA_CERTS=""
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true NODE_EXTRA_CA_CERTS=/usr/local/etc/build-extra-ca.pem
RUN printf '%s\n' "$BUILD_CA_CERTS" >"$NODE_EXTRA_CA_CERTS" && npm install -g pnpm@10.34.9 && pnpm --version
WORKDIR /repo

FROM pnpm AS fetch
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch --frozen-lockfile

FROM fetch AS build
COPY . .
RUN pnpm install --offline --frozen-lockfile --workspace-root \
      --filter "@snapnotes/moderation..." --filter "@snapnotes/ocr..." \
      --filter "@snapnotes/summarise..." --filter "@snapnotes/notes..."
# `pnpm deploy` from the lockfile (inject-workspace-packages, for this command only: the workspace keeps its links), so
# offline and with exactly the locked versions; the --legacy deploy re-resolved version ranges and needs the registry.
RUN set -e; for svc in moderation ocr summarise notes; do \
      pnpm --filter "@snapnotes/$svc" build; \
      pnpm --config.inject-workspace-packages=true --filter "@snapnotes/$svc" deploy --prod --offline "/out/$svc"; \
    done

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    WORKER_HTTP_PORT=9100 \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY --from=build /repo/tools/healthcheck.mjs /app/healthcheck.mjs
EXPOSE 9100
# Liveness of the process; docker-compose.yml probes /readyz (dependencies reachable) instead.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/app/healthcheck.mjs", "WORKER_HTTP_PORT", "/healthz"]
# node is PID 1 and gets SIGTERM itself (never through pnpm or npm, which do not forward it): the worker stops
# taking jobs, finishes the ones in hand and exits.
CMD ["node", "dist/main.js"]

FROM runtime AS moderation
ENV SERVICE_ROLE=moderation
COPY --from=build /out/moderation /app/
USER node

FROM runtime AS ocr
# Debian's LSTM language data (faster than the npm packages, DESIGN §4); no tesseract binary is needed. One package
# per language of OCR_LANGUAGES' default (English, French, German, Spanish, Italian, Portuguese, Dutch): the OCR
# engine refuses to start when a language it offers has no data in TESSDATA_DIR.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr-eng tesseract-ocr-fra tesseract-ocr-deu \
      tesseract-ocr-spa tesseract-ocr-ita tesseract-ocr-por tesseract-ocr-nld \
 && rm -rf /var/lib/apt/lists/* \
 && for lang in eng fra deu spa ita por nld; do \
      test -s "/usr/share/tesseract-ocr/5/tessdata/$lang.traineddata" || exit 1; \
    done
ENV SERVICE_ROLE=ocr \
    TESSDATA_DIR=/usr/share/tesseract-ocr/5/tessdata
COPY --from=build /out/ocr /app/
USER node

FROM runtime AS summarise
ENV SERVICE_ROLE=summarise
COPY --from=build /out/summarise /app/
USER node

FROM runtime AS notes
ENV SERVICE_ROLE=notes
COPY --from=build /out/notes /app/
USER node
