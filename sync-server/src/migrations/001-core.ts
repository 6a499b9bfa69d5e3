/**
 * Core tables: replication sequence, server metadata, staff accounts, device sessions,
 * refresh-token rotation, login throttling and the public quotation decisions log.
 */
import type { Migration } from './types';

export const m001: Migration = {
  id: '001-core',
  async up(tx) {
    const statements = [
      // Global replication order shared by every collection (see db/sequence.ts).
      `CREATE SEQUENCE IF NOT EXISTS forja_seq`,
      `CREATE TABLE meta (
        key text PRIMARY KEY,
        value text NOT NULL
      )`,
      // Replicated to clients as the read-only `staff` collection (id, email, created_at, updated_at).
      `CREATE TABLE users (
        id text PRIMARY KEY,
        email text NOT NULL,
        password_hash text NOT NULL,
        first_access boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        _seq bigint NOT NULL DEFAULT 0,
        CONSTRAINT users_email_lower CHECK (email = lower(email))
      )`,
      `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
      `CREATE INDEX users_seq_idx ON users (_seq)`,
      // One row per signed-in device. Live = revoked_at IS NULL and used within 30 days.
      `CREATE TABLE sessions (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        device_id text NOT NULL,
        device_name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        refresh_hash text
      )`,
      `CREATE INDEX sessions_user_live_idx ON sessions (user_id) WHERE revoked_at IS NULL`,
      // Every refresh token ever issued (sha256 only): a used one presented again revokes its session.
      `CREATE TABLE refresh_tokens (
        hash text PRIMARY KEY,
        session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz
      )`,
      `CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id)`,
      // Failed sign-ins per account (normalised email, also for unknown accounts), kept in the
      // database so a restart does not reset the limit.
      `CREATE TABLE login_failures (
        id bigserial PRIMARY KEY,
        email text NOT NULL,
        ip text,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX login_failures_email_idx ON login_failures (email, failed_at)`,
      // What a customer accepted or rejected on the public page, from where, and a hash of
      // the exact public view they decided on.
      `CREATE TABLE quotation_decisions (
        id bigserial PRIMARY KEY,
        quotation_id text NOT NULL,
        code text NOT NULL,
        decision text NOT NULL CHECK (decision IN ('accepted', 'rejected')),
        reason text,
        ip text,
        user_agent text,
        version_hash text NOT NULL,
        decided_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX quotation_decisions_quotation_idx ON quotation_decisions (quotation_id, decided_at)`,
    ];
    for (const sql of statements) await tx.query(sql);
  },
};
