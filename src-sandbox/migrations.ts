/** Applied in order; PRAGMA user_version records how many ran. Never edit a shipped entry. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE users (
     token TEXT PRIMARY KEY,
     user_hash TEXT NOT NULL UNIQUE,
     status INTEGER NOT NULL,
     email TEXT,
     nid_number TEXT,
     firstname TEXT,
     lastname TEXT,
     gender INTEGER,
     birthdate TEXT,
     mobile_phone TEXT,
     description TEXT,
     has_video_call INTEGER NOT NULL DEFAULT 0,
     has_video_call_1to1 INTEGER NOT NULL DEFAULT 0,
     company_group_code TEXT,
     coverage_name TEXT,
     contract_number TEXT,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );
   CREATE TABLE sessions (
     session_token TEXT PRIMARY KEY,
     user_token TEXT NOT NULL REFERENCES users(token),
     installation_guid TEXT NOT NULL,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL
   );
   CREATE TABLE signing_keys (
     kid TEXT PRIMARY KEY,
     private_jwk TEXT NOT NULL,
     created_at TEXT NOT NULL
   );`,
  // Each user's userToken, kept with the user: Authenticate finds a user by an index lookup, and
  // a start finds them computed unless the scheme or secret changed (sandbox_meta says which).
  `ALTER TABLE users ADD COLUMN user_token TEXT;
   CREATE INDEX users_by_user_token ON users(user_token);
   CREATE TABLE sandbox_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
]
