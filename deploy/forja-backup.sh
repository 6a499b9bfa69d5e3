#!/usr/bin/env bash
# Cópia noturna do tls da Forja (chamada por forja-backup.service); o banco, o servidor guarda sozinho.
# Cada arquivo guarda segredos (o segredo que assina os acessos, os hashes das senhas, as sessões e,
# no tls, a chave da autoridade certificadora em que os celulares confiam): tudo 0600, pasta 0700.
set -euo pipefail
umask 077
cd /opt/forja
DEST=/var/backups/forja
# Do usuário forja (npm run backup grava como ele) e só dele; corrige uma pasta criada antes aberta.
install -d -m 0700 -o forja -g forja "$DEST"
STAMP=$(date +%Y-%m-%d-%H%M%S)
# O banco: o próprio servidor faz o backup noturno (FORJA_BACKUP_DIR, às 03:00, conferido por uma
# restauração, 7 diários / 4 semanais / 12 mensais). Aqui só o que não está no banco: a autoridade
# certificadora do modo rede local, se houver.
if [ -d "${FORJA_DATA_DIR:-/var/lib/forja}/tls" ]; then
  tar -czf "$DEST/forja-tls-$STAMP.tar.gz" -C "${FORJA_DATA_DIR:-/var/lib/forja}" tls
fi
# Só as cópias do tls e os arquivos de versões anteriores: os do servidor têm a sua própria retenção.
find "$DEST" -type f \( -name 'forja-tls-*.tar.gz' -o -name 'forja-backup-*.tar.gz' -o -name 'forja-*.dump' \) -mtime +30 -delete
