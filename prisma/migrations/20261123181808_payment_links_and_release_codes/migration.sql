-- AlterEnum
ALTER TYPE "ReleaseReason" ADD VALUE 'release_code';

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "payment_link_code" VARCHAR(16);

-- CreateTable
CREATE TABLE "payment_links" (
    "id" UUID NOT NULL,
    "code" VARCHAR(16) NOT NULL,
    "seller_id" UUID NOT NULL,
    "product_name" VARCHAR(100) NOT NULL,
    "description" VARCHAR(500),
    "transaction_type" "TransactionType" NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "installment_months" INTEGER,
    "quantity" INTEGER,
    "expires_at" TIMESTAMPTZ(3),
    "disabled_at" TIMESTAMPTZ(3),
    "channel" "Channel" NOT NULL DEFAULT 'web',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "release_codes" (
    "transaction_id" UUID NOT NULL,
    "code_hash" VARCHAR(64) NOT NULL,
    "code_sealed" VARCHAR(200) NOT NULL,
    "failed_attempts" INTEGER NOT NULL DEFAULT 0,
    "burnt_at" TIMESTAMPTZ(3),
    "used_at" TIMESTAMPTZ(3),
    "issued_count" INTEGER NOT NULL DEFAULT 1,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "release_codes_pkey" PRIMARY KEY ("transaction_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_links_code_key" ON "payment_links"("code");

-- CreateIndex
CREATE INDEX "payment_links_seller_id_created_at_idx" ON "payment_links"("seller_id", "created_at");

-- CreateIndex
CREATE INDEX "transactions_payment_link_code_created_at_idx" ON "transactions"("payment_link_code", "created_at");

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_link_code_fkey" FOREIGN KEY ("payment_link_code") REFERENCES "payment_links"("code") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_codes" ADD CONSTRAINT "release_codes_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

