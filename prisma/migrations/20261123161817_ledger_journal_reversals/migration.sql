-- AlterTable
ALTER TABLE "ledger_journals" ADD COLUMN     "reverses_journal_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "ledger_journals_reverses_journal_id_key" ON "ledger_journals"("reverses_journal_id");

-- AddForeignKey
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_reverses_journal_id_fkey" FOREIGN KEY ("reverses_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

