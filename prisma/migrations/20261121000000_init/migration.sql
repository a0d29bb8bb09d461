-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "UserType" AS ENUM ('buyer', 'seller', 'both', 'admin');

-- CreateEnum
CREATE TYPE "UserStatus" AS ENUM ('active', 'suspended');

-- CreateEnum
CREATE TYPE "Language" AS ENUM ('en', 'sw');

-- CreateEnum
CREATE TYPE "CodePurpose" AS ENUM ('verify_phone', 'reset_password');

-- CreateEnum
CREATE TYPE "TransactionType" AS ENUM ('standard', 'protected', 'lipa_mdogo_mdogo');

-- CreateEnum
CREATE TYPE "TransactionStatus" AS ENUM ('pending', 'installment', 'funded', 'dispatched', 'completed', 'cancelled', 'disputed', 'refunded');

-- CreateEnum
CREATE TYPE "Channel" AS ENUM ('web', 'ussd', 'api');

-- CreateEnum
CREATE TYPE "PlanStatus" AS ENUM ('active', 'completed', 'withdrawn', 'cancelled');

-- CreateEnum
CREATE TYPE "InstallmentStatus" AS ENUM ('pending', 'paid', 'overdue', 'waived');

-- CreateEnum
CREATE TYPE "PaymentType" AS ENUM ('escrow_deposit', 'installment');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('pending', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "PayoutKind" AS ENUM ('seller_payout', 'buyer_refund');

-- CreateEnum
CREATE TYPE "PayoutStatus" AS ENUM ('pending', 'processing', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "RefundReason" AS ENUM ('overpayment', 'cancelled_after_funding', 'seller_cancelled_plan', 'withdrawal_accepted', 'dispute_refund', 'dispute_split');

-- CreateEnum
CREATE TYPE "DisputeReason" AS ENUM ('non_delivery', 'not_as_described', 'quality_issue', 'payment_delay', 'withdrawal_declined', 'other');

-- CreateEnum
CREATE TYPE "DisputeStatus" AS ENUM ('open', 'awaiting_return', 'resolved');

-- CreateEnum
CREATE TYPE "DisputeOutcome" AS ENUM ('release_seller', 'refund_buyer', 'split');

-- CreateEnum
CREATE TYPE "EvidenceKind" AS ENUM ('screenshot', 'chat_history', 'delivery_record', 'other', 'statement');

-- CreateEnum
CREATE TYPE "WithdrawalStatus" AS ENUM ('pending', 'accepted', 'declined');

-- CreateEnum
CREATE TYPE "LedgerAccountCode" AS ENUM ('mpesa_paybill', 'escrow_holding', 'seller_payable', 'refunds_payable', 'platform_fees');

-- CreateEnum
CREATE TYPE "SmsStatus" AS ENUM ('queued', 'sent', 'delivered', 'failed');

-- CreateEnum
CREATE TYPE "ContactTopic" AS ENUM ('general', 'support', 'billing', 'partnership');

-- CreateEnum
CREATE TYPE "ContactStatus" AS ENUM ('new', 'read', 'resolved');

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('queued', 'running', 'done', 'failed');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "first_name" VARCHAR(60) NOT NULL,
    "last_name" VARCHAR(60) NOT NULL,
    "phone_number" VARCHAR(12) NOT NULL,
    "email" VARCHAR(254),
    "user_type" "UserType" NOT NULL,
    "status" "UserStatus" NOT NULL DEFAULT 'active',
    "password_hash" TEXT,
    "phone_verified_at" TIMESTAMPTZ(3),
    "ussd_pin_hash" TEXT,
    "ussd_pin_failures" INTEGER NOT NULL DEFAULT 0,
    "ussd_pin_locked_until" TIMESTAMPTZ(3),
    "language" "Language" NOT NULL DEFAULT 'en',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verification_codes" (
    "id" UUID NOT NULL,
    "phone_number" VARCHAR(12) NOT NULL,
    "purpose" "CodePurpose" NOT NULL,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verification_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "user_agent" VARCHAR(300),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "auth_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "key" VARCHAR(200) NOT NULL,
    "count" INTEGER NOT NULL,
    "reset_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "transactions" (
    "id" UUID NOT NULL,
    "reference_number" VARCHAR(16) NOT NULL,
    "transaction_type" "TransactionType" NOT NULL,
    "status" "TransactionStatus" NOT NULL DEFAULT 'pending',
    "buyer_id" UUID NOT NULL,
    "seller_id" UUID,
    "seller_phone" VARCHAR(12) NOT NULL,
    "product_name" VARCHAR(100) NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "buyer_fee_cents" BIGINT NOT NULL,
    "seller_fee_cents" BIGINT NOT NULL,
    "paid_cents" BIGINT NOT NULL DEFAULT 0,
    "refunded_cents" BIGINT NOT NULL DEFAULT 0,
    "channel" "Channel" NOT NULL DEFAULT 'web',
    "status_before_dispute" "TransactionStatus",
    "funded_at" TIMESTAMPTZ(3),
    "dispatched_at" TIMESTAMPTZ(3),
    "inspection_ends_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "installment_plans" (
    "id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "total_cents" BIGINT NOT NULL,
    "deposit_cents" BIGINT NOT NULL,
    "monthly_cents" BIGINT NOT NULL,
    "months" INTEGER NOT NULL,
    "grace_days" INTEGER NOT NULL DEFAULT 7,
    "status" "PlanStatus" NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "installment_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "installments" (
    "id" UUID NOT NULL,
    "plan_id" UUID NOT NULL,
    "sequence" INTEGER NOT NULL,
    "due_date" TIMESTAMPTZ(3) NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "paid_cents" BIGINT NOT NULL DEFAULT 0,
    "status" "InstallmentStatus" NOT NULL DEFAULT 'pending',
    "paid_at" TIMESTAMPTZ(3),
    "reminder_sent_at" TIMESTAMPTZ(3),
    "missed_notice_at" TIMESTAMPTZ(3),

    CONSTRAINT "installments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "installment_id" UUID,
    "payment_type" "PaymentType" NOT NULL,
    "payer_phone" VARCHAR(12) NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "fee_cents" BIGINT NOT NULL DEFAULT 0,
    "status" "PaymentStatus" NOT NULL DEFAULT 'pending',
    "merchant_request_id" VARCHAR(64),
    "checkout_request_id" VARCHAR(64),
    "mpesa_receipt" VARCHAR(32),
    "result_code" INTEGER,
    "result_desc" VARCHAR(300),
    "failure_reason" VARCHAR(300),
    "reconcile_attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payouts" (
    "id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "kind" "PayoutKind" NOT NULL,
    "recipient_phone" VARCHAR(12) NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "status" "PayoutStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "originator_conversation_id" VARCHAR(64),
    "conversation_id" VARCHAR(64),
    "mpesa_receipt" VARCHAR(32),
    "result_code" INTEGER,
    "result_desc" VARCHAR(300),
    "last_error" VARCHAR(300),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "payouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "payout_id" UUID,
    "reason" "RefundReason" NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "note" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mpesa_callbacks" (
    "id" UUID NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "external_id" VARCHAR(64),
    "body" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),
    "outcome" VARCHAR(40),

    CONSTRAINT "mpesa_callbacks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "disputes" (
    "id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "opened_by_id" UUID NOT NULL,
    "reason" "DisputeReason" NOT NULL,
    "description" VARCHAR(2000) NOT NULL,
    "status" "DisputeStatus" NOT NULL DEFAULT 'open',
    "respond_by" TIMESTAMPTZ(3) NOT NULL,
    "outcome" "DisputeOutcome",
    "buyer_amount_cents" BIGINT,
    "seller_amount_cents" BIGINT,
    "ruling_note" VARCHAR(2000),
    "resolved_by_id" UUID,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "disputes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dispute_evidence" (
    "id" UUID NOT NULL,
    "dispute_id" UUID NOT NULL,
    "submitted_by_id" UUID NOT NULL,
    "kind" "EvidenceKind" NOT NULL,
    "description" VARCHAR(2000) NOT NULL,
    "file_name" VARCHAR(200),
    "mime_type" VARCHAR(100),
    "size_bytes" INTEGER,
    "sha256" VARCHAR(64),
    "content" BYTEA,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dispute_evidence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "withdrawal_requests" (
    "id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "reason" VARCHAR(1000) NOT NULL,
    "status" "WithdrawalStatus" NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "responded_at" TIMESTAMPTZ(3),

    CONSTRAINT "withdrawal_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_accounts" (
    "code" "LedgerAccountCode" NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "normal_side" VARCHAR(6) NOT NULL,

    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "ledger_journals" (
    "id" UUID NOT NULL,
    "transaction_id" UUID,
    "kind" VARCHAR(40) NOT NULL,
    "idempotency_key" VARCHAR(120) NOT NULL,
    "description" VARCHAR(300) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_journals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_postings" (
    "id" UUID NOT NULL,
    "journal_id" UUID NOT NULL,
    "account_code" "LedgerAccountCode" NOT NULL,
    "transaction_id" UUID,
    "amount_cents" BIGINT NOT NULL,

    CONSTRAINT "ledger_postings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "timeline_events" (
    "id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "event_type" VARCHAR(50) NOT NULL,
    "description" VARCHAR(500) NOT NULL,
    "actor_id" UUID,
    "data" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "timeline_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sms_messages" (
    "id" UUID NOT NULL,
    "phone_number" VARCHAR(12) NOT NULL,
    "template" VARCHAR(50) NOT NULL,
    "message" VARCHAR(1000) NOT NULL,
    "status" "SmsStatus" NOT NULL DEFAULT 'queued',
    "provider_message_id" VARCHAR(100),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "failure_reason" VARCHAR(300),
    "transaction_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "sms_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mock_sms_deliveries" (
    "id" UUID NOT NULL,
    "message_id" VARCHAR(100) NOT NULL,
    "username" VARCHAR(100) NOT NULL,
    "from" VARCHAR(20),
    "to" VARCHAR(20) NOT NULL,
    "message" VARCHAR(1000) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mock_sms_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mock_mpesa_requests" (
    "id" VARCHAR(64) NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "phone" VARCHAR(12) NOT NULL,
    "amount" INTEGER NOT NULL,
    "callback_url" VARCHAR(500) NOT NULL,
    "timeout_url" VARCHAR(500),
    "merchant_request_id" VARCHAR(64),
    "conversation_id" VARCHAR(64),
    "result_code" INTEGER,
    "result_desc" VARCHAR(300),
    "receipt" VARCHAR(32),
    "callback_due_at" TIMESTAMPTZ(3),
    "callback_sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mock_mpesa_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ussd_sessions" (
    "session_id" VARCHAR(100) NOT NULL,
    "phone_number" VARCHAR(12) NOT NULL,
    "state" JSONB NOT NULL,
    "language" "Language" NOT NULL DEFAULT 'en',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ussd_sessions_pkey" PRIMARY KEY ("session_id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" UUID NOT NULL,
    "scope" VARCHAR(100) NOT NULL,
    "key" VARCHAR(200) NOT NULL,
    "request_hash" VARCHAR(64) NOT NULL,
    "status_code" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_messages" (
    "id" UUID NOT NULL,
    "first_name" VARCHAR(60) NOT NULL,
    "last_name" VARCHAR(60) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "phone_number" VARCHAR(20),
    "topic" "ContactTopic" NOT NULL,
    "message" VARCHAR(5000) NOT NULL,
    "status" "ContactStatus" NOT NULL DEFAULT 'new',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" UUID NOT NULL,
    "actor_id" UUID,
    "action" VARCHAR(60) NOT NULL,
    "entity" VARCHAR(40) NOT NULL,
    "entity_id" VARCHAR(64),
    "data" JSONB,
    "ip" VARCHAR(64),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "jobs" (
    "id" BIGSERIAL NOT NULL,
    "queue" VARCHAR(50) NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'queued',
    "run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "singleton_key" VARCHAR(150),
    "locked_at" TIMESTAMPTZ(3),
    "locked_by" VARCHAR(100),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_phone_number_key" ON "users"("phone_number");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_created_at_idx" ON "users"("created_at");

-- CreateIndex
CREATE INDEX "users_user_type_created_at_idx" ON "users"("user_type", "created_at");

-- CreateIndex
CREATE INDEX "verification_codes_phone_number_purpose_created_at_idx" ON "verification_codes"("phone_number", "purpose", "created_at");

-- CreateIndex
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions"("user_id");

-- CreateIndex
CREATE INDEX "auth_sessions_expires_at_idx" ON "auth_sessions"("expires_at");

-- CreateIndex
CREATE INDEX "rate_limit_buckets_reset_at_idx" ON "rate_limit_buckets"("reset_at");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_reference_number_key" ON "transactions"("reference_number");

-- CreateIndex
CREATE INDEX "transactions_buyer_id_created_at_idx" ON "transactions"("buyer_id", "created_at");

-- CreateIndex
CREATE INDEX "transactions_seller_id_created_at_idx" ON "transactions"("seller_id", "created_at");

-- CreateIndex
CREATE INDEX "transactions_seller_phone_idx" ON "transactions"("seller_phone");

-- CreateIndex
CREATE INDEX "transactions_status_created_at_idx" ON "transactions"("status", "created_at");

-- CreateIndex
CREATE INDEX "transactions_transaction_type_created_at_idx" ON "transactions"("transaction_type", "created_at");

-- CreateIndex
CREATE INDEX "transactions_created_at_idx" ON "transactions"("created_at");

-- CreateIndex
CREATE INDEX "transactions_inspection_ends_at_idx" ON "transactions"("inspection_ends_at");

-- CreateIndex
CREATE UNIQUE INDEX "installment_plans_transaction_id_key" ON "installment_plans"("transaction_id");

-- CreateIndex
CREATE INDEX "installment_plans_status_idx" ON "installment_plans"("status");

-- CreateIndex
CREATE INDEX "installments_status_due_date_idx" ON "installments"("status", "due_date");

-- CreateIndex
CREATE UNIQUE INDEX "installments_plan_id_sequence_key" ON "installments"("plan_id", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "payments_checkout_request_id_key" ON "payments"("checkout_request_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_mpesa_receipt_key" ON "payments"("mpesa_receipt");

-- CreateIndex
CREATE INDEX "payments_transaction_id_created_at_idx" ON "payments"("transaction_id", "created_at");

-- CreateIndex
CREATE INDEX "payments_status_created_at_idx" ON "payments"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payouts_originator_conversation_id_key" ON "payouts"("originator_conversation_id");

-- CreateIndex
CREATE INDEX "payouts_transaction_id_idx" ON "payouts"("transaction_id");

-- CreateIndex
CREATE INDEX "payouts_status_created_at_idx" ON "payouts"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_payout_id_key" ON "refunds"("payout_id");

-- CreateIndex
CREATE INDEX "refunds_transaction_id_idx" ON "refunds"("transaction_id");

-- CreateIndex
CREATE INDEX "mpesa_callbacks_external_id_idx" ON "mpesa_callbacks"("external_id");

-- CreateIndex
CREATE INDEX "mpesa_callbacks_received_at_idx" ON "mpesa_callbacks"("received_at");

-- CreateIndex
CREATE INDEX "disputes_transaction_id_idx" ON "disputes"("transaction_id");

-- CreateIndex
CREATE INDEX "disputes_status_created_at_idx" ON "disputes"("status", "created_at");

-- CreateIndex
CREATE INDEX "dispute_evidence_dispute_id_created_at_idx" ON "dispute_evidence"("dispute_id", "created_at");

-- CreateIndex
CREATE INDEX "withdrawal_requests_transaction_id_idx" ON "withdrawal_requests"("transaction_id");

-- CreateIndex
CREATE INDEX "withdrawal_requests_status_created_at_idx" ON "withdrawal_requests"("status", "created_at");

-- CreateIndex
CREATE INDEX "withdrawal_requests_responded_at_idx" ON "withdrawal_requests"("responded_at");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_journals_idempotency_key_key" ON "ledger_journals"("idempotency_key");

-- CreateIndex
CREATE INDEX "ledger_journals_transaction_id_created_at_idx" ON "ledger_journals"("transaction_id", "created_at");

-- CreateIndex
CREATE INDEX "ledger_journals_kind_created_at_idx" ON "ledger_journals"("kind", "created_at");

-- CreateIndex
CREATE INDEX "ledger_postings_journal_id_idx" ON "ledger_postings"("journal_id");

-- CreateIndex
CREATE INDEX "ledger_postings_account_code_transaction_id_idx" ON "ledger_postings"("account_code", "transaction_id");

-- CreateIndex
CREATE INDEX "ledger_postings_transaction_id_idx" ON "ledger_postings"("transaction_id");

-- CreateIndex
CREATE INDEX "timeline_events_transaction_id_created_at_idx" ON "timeline_events"("transaction_id", "created_at");

-- CreateIndex
CREATE INDEX "timeline_events_created_at_idx" ON "timeline_events"("created_at");

-- CreateIndex
CREATE INDEX "timeline_events_event_type_created_at_idx" ON "timeline_events"("event_type", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "sms_messages_provider_message_id_key" ON "sms_messages"("provider_message_id");

-- CreateIndex
CREATE INDEX "sms_messages_phone_number_created_at_idx" ON "sms_messages"("phone_number", "created_at");

-- CreateIndex
CREATE INDEX "sms_messages_created_at_idx" ON "sms_messages"("created_at");

-- CreateIndex
CREATE INDEX "sms_messages_status_idx" ON "sms_messages"("status");

-- CreateIndex
CREATE UNIQUE INDEX "mock_sms_deliveries_message_id_key" ON "mock_sms_deliveries"("message_id");

-- CreateIndex
CREATE INDEX "mock_sms_deliveries_to_created_at_idx" ON "mock_sms_deliveries"("to", "created_at");

-- CreateIndex
CREATE INDEX "mock_mpesa_requests_callback_due_at_idx" ON "mock_mpesa_requests"("callback_due_at");

-- CreateIndex
CREATE INDEX "ussd_sessions_updated_at_idx" ON "ussd_sessions"("updated_at");

-- CreateIndex
CREATE INDEX "idempotency_records_created_at_idx" ON "idempotency_records"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_scope_key_key" ON "idempotency_records"("scope", "key");

-- CreateIndex
CREATE INDEX "contact_messages_status_created_at_idx" ON "contact_messages"("status", "created_at");

-- CreateIndex
CREATE INDEX "audit_logs_entity_entity_id_idx" ON "audit_logs"("entity", "entity_id");

-- CreateIndex
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "jobs_singleton_key_key" ON "jobs"("singleton_key");

-- CreateIndex
CREATE INDEX "jobs_status_run_at_idx" ON "jobs"("status", "run_at");

-- CreateIndex
CREATE INDEX "jobs_queue_status_idx" ON "jobs"("queue", "status");

-- AddForeignKey
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "installment_plans" ADD CONSTRAINT "installment_plans_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "installments" ADD CONSTRAINT "installments_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "installment_plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_installment_id_fkey" FOREIGN KEY ("installment_id") REFERENCES "installments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payout_id_fkey" FOREIGN KEY ("payout_id") REFERENCES "payouts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_id_fkey" FOREIGN KEY ("opened_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_id_fkey" FOREIGN KEY ("resolved_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_dispute_id_fkey" FOREIGN KEY ("dispute_id") REFERENCES "disputes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_submitted_by_id_fkey" FOREIGN KEY ("submitted_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_code_fkey" FOREIGN KEY ("account_code") REFERENCES "ledger_accounts"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- ─────────────────────────────────────────────────────────────────────────────
-- Written by hand (Prisma's schema language cannot express these).
-- ─────────────────────────────────────────────────────────────────────────────

-- The chart of accounts.
INSERT INTO "ledger_accounts" ("code", "name", "normal_side") VALUES
  ('mpesa_paybill',   'M-Pesa paybill (cash)',           'debit'),
  ('escrow_holding',  'Buyers'' money held in escrow',   'credit'),
  ('seller_payable',  'Released, owed to sellers',       'credit'),
  ('refunds_payable', 'Refunds owed to buyers',          'credit'),
  ('platform_fees',   'Platform fee revenue',            'credit');

-- Money columns are never negative (postings are signed: debit +, credit −).
ALTER TABLE "transactions"
  ADD CONSTRAINT "transactions_amounts_check" CHECK (
    "amount_cents" > 0 AND "buyer_fee_cents" >= 0 AND "seller_fee_cents" >= 0
    AND "paid_cents" >= 0 AND "paid_cents" <= "amount_cents"
    AND "refunded_cents" >= 0);
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK ("amount_cents" > 0 AND "fee_cents" >= 0 AND "fee_cents" <= "amount_cents");
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amount_check" CHECK ("amount_cents" > 0);
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_check" CHECK ("amount_cents" > 0);
ALTER TABLE "installments" ADD CONSTRAINT "installments_amount_check" CHECK ("amount_cents" > 0 AND "paid_cents" >= 0 AND "paid_cents" <= "amount_cents");
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_amount_check" CHECK ("amount_cents" <> 0);

-- Every journal entry balances: checked when the database transaction commits, so a use-case can
-- insert the postings one by one.
CREATE FUNCTION "ledger_assert_journal_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total NUMERIC;
BEGIN
  SELECT COALESCE(SUM("amount_cents"), 0) INTO total FROM "ledger_postings" WHERE "journal_id" = NEW."journal_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger journal % does not balance (sum %)', NEW."journal_id", total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "ledger_postings_balanced"
  AFTER INSERT ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_assert_journal_balanced"();

-- The ledger is append-only: corrections are new entries.
CREATE FUNCTION "ledger_forbid_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;

CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION "ledger_forbid_change"();
CREATE TRIGGER "ledger_journals_append_only" BEFORE UPDATE OR DELETE ON "ledger_journals"
  FOR EACH ROW EXECUTE FUNCTION "ledger_forbid_change"();
