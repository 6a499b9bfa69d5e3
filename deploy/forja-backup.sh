#!/usr/bin/env bash
# Backup noturno da Forja (chamado por forja-backup.service). Guarda 30 dias em /var/backups/forja.
# PGlite: para o servidor por alguns segundos (o banco embutido não abre duas vezes) e o religa.
# PostgreSQL (DATABASE_URL definido): pg_dump com o servidor no ar.
set -euo pipefail
cd /opt/forja
DEST=/var/backups/forja
mkdir -p "$DEST"
STAMP=$(date +%Y-%m-%d-%H%M%S)
if [ -n "${DATABASE_URL:-}" ]; then
  pg_dump --format=custom --file="$DEST/forja-$STAMP.dump" "$DATABASE_URL"
else
  systemctl stop forja
  trap 'systemctl start forja' EXIT
  runuser -u forja -- npm run --silent backup -- "$DEST/forja-backup-$STAMP.tar.gz"
  # A autoridade certificadora do modo rede local, se houver, vai junto.
  if [ -d "${FORJA_DATA_DIR:-/var/lib/forja}/tls" ]; then
    tar -czf "$DEST/forja-tls-$STAMP.tar.gz" -C "${FORJA_DATA_DIR:-/var/lib/forja}" tls
  fi
fi
find "$DEST" -type f -mtime +30 -delete
