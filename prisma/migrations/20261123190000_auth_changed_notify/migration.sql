-- Every node keeps checked sessions in memory (server/src/plugins/session-cache.ts) and drops them when
-- told: a session revoked, expired by hand or deleted ('s:<id>'); a user's role, status or phone
-- verification changed, or the user deleted ('u:<id>'). Whatever writes the row, the nodes hear it.
CREATE FUNCTION "auth_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_id uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  PERFORM pg_notify('auth_changed', (CASE WHEN TG_TABLE_NAME = 'auth_sessions' THEN 's:' ELSE 'u:' END) || row_id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "auth_sessions_changed" AFTER UPDATE OR DELETE ON "auth_sessions"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed_notify"();

CREATE TRIGGER "users_auth_changed" AFTER UPDATE OF "user_type", "status", "phone_verified_at" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed_notify"();

CREATE TRIGGER "users_deleted" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed_notify"();
