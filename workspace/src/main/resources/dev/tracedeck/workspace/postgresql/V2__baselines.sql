-- Baselines kept by name, shared by the team: the file `baseline write` writes (its secrets redacted), when and by
-- whom it was last written. Writing a name again replaces it. As in an SQLite workspace (schema version 4 there).
CREATE TABLE baselines (
  name TEXT PRIMARY KEY,
  written_at TEXT NOT NULL,
  author TEXT,
  findings INTEGER NOT NULL,
  content TEXT NOT NULL);
