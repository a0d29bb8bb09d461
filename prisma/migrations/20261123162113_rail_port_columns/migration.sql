-- Rail-neutral names for the payment rail port (docs/adr/0008-payment-rail-port.md): renames, so no
-- recorded payment, payout or callback is lost.

-- CreateEnum
CREATE TYPE "Rail" AS ENUM ('mpesa', 'airtel');

-- payments: CheckoutRequestID → the rail's request id; M-Pesa receipt → the rail's receipt.
ALTER TABLE "payments" RENAME COLUMN "checkout_request_id" TO "rail_request_id";
ALTER TABLE "payments" RENAME COLUMN "mpesa_receipt" TO "rail_receipt";
ALTER INDEX "payments_checkout_request_id_key" RENAME TO "payments_rail_request_id_key";
ALTER INDEX "payments_mpesa_receipt_key" RENAME TO "payments_rail_receipt_key";
ALTER TABLE "payments" ADD COLUMN "rail" "Rail" NOT NULL DEFAULT 'mpesa';

-- payouts: OriginatorConversationID → our request id; M-Pesa receipt → the rail's receipt.
ALTER TABLE "payouts" RENAME COLUMN "originator_conversation_id" TO "rail_request_id";
ALTER TABLE "payouts" RENAME COLUMN "mpesa_receipt" TO "rail_receipt";
ALTER INDEX "payouts_originator_conversation_id_key" RENAME TO "payouts_rail_request_id_key";
ALTER TABLE "payouts" ADD COLUMN "rail" "Rail" NOT NULL DEFAULT 'mpesa';

-- mpesa_callbacks → rail_callbacks, with the rail that sent each.
ALTER TABLE "mpesa_callbacks" RENAME TO "rail_callbacks";
ALTER TABLE "rail_callbacks" RENAME CONSTRAINT "mpesa_callbacks_pkey" TO "rail_callbacks_pkey";
ALTER INDEX "mpesa_callbacks_external_id_idx" RENAME TO "rail_callbacks_external_id_idx";
ALTER INDEX "mpesa_callbacks_received_at_idx" RENAME TO "rail_callbacks_received_at_idx";
ALTER TABLE "rail_callbacks" ADD COLUMN "rail" "Rail" NOT NULL DEFAULT 'mpesa';

-- CreateTable
CREATE TABLE "mock_airtel_requests" (
    "id" VARCHAR(64) NOT NULL,
    "kind" VARCHAR(12) NOT NULL,
    "msisdn" VARCHAR(12) NOT NULL,
    "amount" INTEGER NOT NULL,
    "status" VARCHAR(4) NOT NULL,
    "message" VARCHAR(300) NOT NULL,
    "response_code" VARCHAR(20) NOT NULL,
    "airtel_money_id" VARCHAR(32),
    "callback_due_at" TIMESTAMPTZ(3),
    "callback_sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mock_airtel_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "mock_airtel_requests_callback_due_at_idx" ON "mock_airtel_requests"("callback_due_at");
