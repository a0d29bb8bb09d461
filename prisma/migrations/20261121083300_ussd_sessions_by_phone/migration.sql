-- CreateIndex
CREATE INDEX "ussd_sessions_phone_number_updated_at_idx" ON "ussd_sessions"("phone_number", "updated_at");

