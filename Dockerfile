# vdcommerce: one image for the web workers, the queue consumers and the one-off commands
# (docs/deployment.md). Build from the checkout: docker build -t vdcommerce .
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /build
COPY pyproject.toml README.md ./
COPY vdcommerce ./vdcommerce
RUN pip install . && rm -rf /build

RUN useradd --system --create-home --home-dir /srv/vdcommerce vdc && mkdir /srv/vdcommerce/var /srv/vdcommerce/media \
    && chown vdc /srv/vdcommerce/var /srv/vdcommerce/media
USER vdc
WORKDIR /srv/vdcommerce

# production defaults; the database, broker, secret key and base URL come from the deployment
ENV VDC_ENV=production VDC_HOST=0.0.0.0 VDC_PORT=8080 VDC_VAR_DIR=/srv/vdcommerce/var \
    VDC_QUEUE_CONSUMERS=0 VDC_LOG_FORMAT=json
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
    CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8080/health/live', timeout=2)"
CMD ["vdcommerce", "serve"]
