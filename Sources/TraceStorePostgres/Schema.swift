import TraceStoreInterface

// MARK: - The schema, its identity and its migrations

/// The PostgreSQL store's tables. A database is a gesturetune store when
/// its `gesturetune_identity` row names the application; its schema version
/// is that row's. Migrations run under a transaction-scoped advisory lock,
/// so two first writers take turns: the second finds the schema made.
enum Schema {
    /// The advisory lock's key (any fixed number: "GTun" in ASCII).
    static let lockKey: Int64 = 0x4754_756E

    /// The migrations, in order; a store at version N has run the first N.
    /// Never change a shipped one: add the next.
    static let migrations: [String] = [
        // v1: the traces and the optimizer's runs.
        """
        CREATE TABLE gesturetune_identity (
            singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
            application text NOT NULL,
            schema_version integer NOT NULL
        );
        CREATE TABLE imports (
            id bigserial PRIMARY KEY,
            file_name text NOT NULL,
            sha256 text NOT NULL UNIQUE,
            file_size bigint NOT NULL,
            format text NOT NULL,
            sessions integer NOT NULL DEFAULT 0,
            touches bigint NOT NULL DEFAULT 0,
            motion bigint NOT NULL DEFAULT 0,
            labels bigint NOT NULL DEFAULT 0,
            skipped_lines integer NOT NULL DEFAULT 0,
            imported_at text NOT NULL,
            seconds double precision NOT NULL DEFAULT 0
        );
        CREATE TABLE devices (
            id bigserial PRIMARY KEY,
            key text NOT NULL UNIQUE,
            platform text NOT NULL,
            model text,
            screen_width double precision NOT NULL,
            screen_height double precision NOT NULL,
            scale double precision NOT NULL,
            ppi double precision,
            sample_rate_hz double precision
        );
        CREATE TABLE users (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE);
        -- id: import order (a sequence: many writers never collide).
        CREATE TABLE sessions (
            id bigserial PRIMARY KEY,
            name text NOT NULL UNIQUE,
            device bigint NOT NULL REFERENCES devices(id),
            "user" bigint REFERENCES users(id),
            scene text,
            started_at text,
            meta text,
            content_sha256 text NOT NULL,
            import bigint NOT NULL REFERENCES imports(id),
            touch_count bigint NOT NULL,
            motion_count bigint NOT NULL,
            stroke_count bigint NOT NULL,
            label_count bigint NOT NULL
        );
        CREATE INDEX sessions_by_scene ON sessions(scene);
        CREATE INDEX sessions_by_import ON sessions(import);
        -- Every row below is keyed by (session, seq): its place in the
        -- session as recorded. seq of a stroke: the order its pointer began.
        CREATE TABLE strokes (
            session bigint NOT NULL REFERENCES sessions(id),
            seq integer NOT NULL,
            pointer integer NOT NULL,
            began bigint NOT NULL,
            ended bigint NOT NULL,
            sample_count bigint NOT NULL,
            end_phase smallint NOT NULL,
            PRIMARY KEY (session, seq)
        );
        -- Times in integer microseconds, coordinates in points.
        CREATE TABLE touch_samples (
            session bigint NOT NULL REFERENCES sessions(id),
            seq integer NOT NULL,
            stroke integer NOT NULL,
            t bigint NOT NULL,
            phase smallint NOT NULL,
            x double precision NOT NULL,
            y double precision NOT NULL,
            force double precision,
            radius double precision,
            PRIMARY KEY (session, seq)
        );
        CREATE TABLE motion_samples (
            session bigint NOT NULL REFERENCES sessions(id),
            seq integer NOT NULL,
            t bigint NOT NULL,
            ax double precision NOT NULL,
            ay double precision NOT NULL,
            az double precision NOT NULL,
            rx double precision,
            ry double precision,
            rz double precision,
            PRIMARY KEY (session, seq)
        );
        CREATE TABLE labels (
            session bigint NOT NULL REFERENCES sessions(id),
            seq integer NOT NULL,
            start bigint NOT NULL,
            "end" bigint NOT NULL,
            intent text NOT NULL,
            direction text,
            fingers integer,
            target text,
            note text,
            PRIMARY KEY (session, seq)
        );
        CREATE TABLE runs (
            id bigserial PRIMARY KEY,
            kind text NOT NULL,
            created_at text NOT NULL,
            seed bigint NOT NULL,
            command_line text NOT NULL,
            corpus_fingerprint text NOT NULL,
            scene text,
            evaluations integer NOT NULL,
            seconds double precision NOT NULL,
            baseline_holdout_misfire_rate double precision,
            tuned_holdout_misfire_rate double precision,
            verdict text,
            result text NOT NULL
        );
        CREATE INDEX runs_by_kind ON runs(kind, id);
        CREATE TABLE run_parameters (
            run bigint NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            seq integer NOT NULL,
            name text NOT NULL,
            baseline double precision NOT NULL,
            tuned double precision NOT NULL,
            lower double precision NOT NULL,
            upper double precision NOT NULL,
            PRIMARY KEY (run, seq)
        );
        -- exact/surrogate may be infinite for a parameter set the simulator
        -- rejected: stored as NULL, as in the SQLite store.
        CREATE TABLE run_history (
            run bigint NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            evaluation integer NOT NULL,
            phase text NOT NULL,
            temperature double precision NOT NULL,
            exact double precision,
            surrogate double precision,
            violation double precision,
            best_so_far double precision,
            PRIMARY KEY (run, evaluation)
        );
        """,
        // v2: the sample tables' references to their session checked once
        // per statement instead of once per row. A declared foreign key
        // checks each inserted row on its own (an index probe and a
        // key-share lock per touch sample): about 40 % of a file's import
        // (reports/BENCHMARKS.md). The same guarantee, set-based: after
        // each INSERT or UPDATE of strokes, touch_samples, motion_samples
        // or labels, the distinct sessions its rows name are locked as a
        // foreign key would lock them (FOR KEY SHARE, so a concurrent
        // delete waits for the commit) and must all exist; a session's id
        // never changes, and one still named by any row cannot be deleted.
        // Every writer is held to it by the database, as before.
        """
        ALTER TABLE strokes DROP CONSTRAINT strokes_session_fkey;
        ALTER TABLE touch_samples DROP CONSTRAINT touch_samples_session_fkey;
        ALTER TABLE motion_samples DROP CONSTRAINT motion_samples_session_fkey;
        ALTER TABLE labels DROP CONSTRAINT labels_session_fkey;
        CREATE FUNCTION gesturetune_rows_name_stored_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            named bigint;
            held bigint;
        BEGIN
            SELECT count(DISTINCT session) INTO named FROM new_rows;
            PERFORM 1 FROM sessions WHERE id IN (SELECT DISTINCT session FROM new_rows) FOR KEY SHARE;
            GET DIAGNOSTICS held = ROW_COUNT;
            IF held <> named THEN
                RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation',
                    MESSAGE = format('%s: %s of the sessions its new rows name are not stored', TG_TABLE_NAME, named - held);
            END IF;
            RETURN NULL;
        END $$;
        CREATE TRIGGER strokes_name_stored_sessions AFTER INSERT ON strokes
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gesturetune_rows_name_stored_sessions();
        CREATE TRIGGER strokes_name_stored_sessions_updated AFTER UPDATE ON strokes
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gesturetune_rows_name_stored_sessions();
        CREATE TRIGGER touch_samples_name_stored_sessions AFTER INSERT ON touch_samples
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gesturetune_rows_name_stored_sessions();
        CREATE TRIGGER touch_samples_name_stored_sessions_updated AFTER UPDATE ON touch_samples
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gesturetune_rows_name_stored_sessions();
        CREATE TRIGGER motion_samples_name_stored_sessions AFTER INSERT ON motion_samples
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gesturetune_rows_name_stored_sessions();
        CREATE TRIGGER motion_samples_name_stored_sessions_updated AFTER UPDATE ON motion_samples
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gesturetune_rows_name_stored_sessions();
        CREATE TRIGGER labels_name_stored_sessions AFTER INSERT ON labels
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gesturetune_rows_name_stored_sessions();
        CREATE TRIGGER labels_name_stored_sessions_updated AFTER UPDATE ON labels
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gesturetune_rows_name_stored_sessions();
        CREATE FUNCTION gesturetune_sessions_keep_their_rows() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'UPDATE' THEN
                IF NEW.id <> OLD.id THEN
                    RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation',
                        MESSAGE = format('sessions: session %s cannot change its id', OLD.id);
                END IF;
                RETURN NEW;
            END IF;
            IF EXISTS (SELECT 1 FROM strokes WHERE session = OLD.id)
                OR EXISTS (SELECT 1 FROM touch_samples WHERE session = OLD.id)
                OR EXISTS (SELECT 1 FROM motion_samples WHERE session = OLD.id)
                OR EXISTS (SELECT 1 FROM labels WHERE session = OLD.id) THEN
                RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation',
                    MESSAGE = format('sessions: session %s is still named by its samples, strokes or labels', OLD.id);
            END IF;
            RETURN OLD;
        END $$;
        CREATE TRIGGER sessions_keep_their_rows BEFORE UPDATE OF id OR DELETE ON sessions
            FOR EACH ROW EXECUTE FUNCTION gesturetune_sessions_keep_their_rows();
        """
    ]

    /// The schema version this gesturetune writes.
    static var version: Int { migrations.count }

    /// What the database is.
    enum Identity {
        /// No tables at all: nothing to harm by creating the schema.
        case blank
        /// A gesturetune store at `version`.
        case store(version: Int)
    }

    /// Decides what the database is, or throws the refusal. Only reads.
    static func identify(_ connection: PGConnection, location: String) throws -> Identity {
        let marked = try connection.execute("SELECT to_regclass('gesturetune_identity') IS NOT NULL").bool(0, 0) ?? false
        if !marked {
            let tables =
                try connection.execute(
                    """
                    SELECT count(*)::bigint FROM pg_catalog.pg_tables
                    WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
                    """
                ).int(0, 0) ?? 0
            guard tables == 0 else {
                throw StoreError(
                    "\(location): not a gesturetune store (the database holds \(tables) table(s) and no gesturetune "
                        + "identity); refusing to touch it")
            }
            return .blank
        }
        let rows = try connection.execute("SELECT application, schema_version FROM gesturetune_identity")
        guard rows.count > 0, let application = rows.string(0, 0), let version = rows.int(0, 1) else {
            throw StoreError("\(location): not a gesturetune store (its identity table is empty); refusing to touch it")
        }
        guard application == PostgresTraceStore.application else {
            throw StoreError(
                "\(location): not a gesturetune store (it belongs to \"\(application)\"); refusing to touch it")
        }
        guard Int(version) <= Self.version else {
            throw StoreError(
                "\(location): the store was written by a newer gesturetune (store schema version \(version), this "
                    + "gesturetune knows versions up to \(Self.version)); refusing to change it")
        }
        return .store(version: Int(version))
    }

    /// Checks the database and, where it may write, creates or migrates the
    /// schema, all in one transaction under the advisory lock.
    ///
    /// The whole first use — identify, create, migrate — is under the lock,
    /// the check included: a writer that identified the database before
    /// taking the lock could read a half-made store (the identity table
    /// created, its row not yet committed, so "not a gesturetune store")
    /// while another first writer made it. Readers take the lock shared:
    /// they wait for a migration, not for each other.
    static func prepare(_ connection: PGConnection, access: StoreAccess, location: String) throws {
        let lock = access == .readWrite ? "pg_advisory_xact_lock" : "pg_advisory_xact_lock_shared"
        do {
            try connection.inTransaction {
                try connection.execute("SELECT \(lock)(\(lockKey))")
                let identity = try identify(connection, location: location)
                if case .store(let version) = identity, version == Self.version { return }
                guard access == .readWrite else {
                    switch identity {
                    case .blank: throw StoreError("\(location): the store is empty (ingest recordings first)")
                    case .store(let version):
                        throw StoreError(
                            "\(location): the store is from an older gesturetune (schema version \(version) of "
                                + "\(Self.version)); run `gesturetune ingest --db \(location)` once to upgrade it")
                    }
                }
                let from: Int
                switch identity {
                case .blank: from = 0
                case .store(let version): from = version
                }
                for migration in migrations.dropFirst(from) { try connection.run(script: migration) }
                try connection.execute(
                    """
                    INSERT INTO gesturetune_identity (application, schema_version) VALUES ($1, $2)
                    ON CONFLICT (singleton) DO UPDATE SET schema_version = EXCLUDED.schema_version
                    """, [PostgresTraceStore.application, String(Self.version)])
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError("\(location): cannot create the store's tables (\(PostgresFailure.describe(error)))")
        }
    }
}
