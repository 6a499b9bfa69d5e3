#!/usr/bin/env bash
# Backup noturno da Forja (chamado por forja-backup.service). Guarda 30 dias em /var/backups/forja.
# PGlite: para o servidor por alguns segundos (o banco embutido não abre duas vezes) e o religa.
# PostgreSQL (DATABASE_URL definido): pg_dump com o servidor no ar.
# Cada arquivo guarda segredos (o segredo que assina os acessos, os hashes das senhas, as sessões e,
# no tls, a chave da autoridade certificadora em que os celulares confiam): tudo 0600, pasta 0700.
set -euo pipefail
umask 077
cd /opt/forja
DEST=/var/backups/forja
# Do usuário forja (npm run backup grava como ele) e só dele; corrige uma pasta criada antes aberta.
install -d -m 0700 -o forja -g forja "$DEST"
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
