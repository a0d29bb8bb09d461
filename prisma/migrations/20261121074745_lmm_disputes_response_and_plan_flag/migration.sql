-- Issue 5 (Lipa Mdogo Mdogo, disputes): the other party's answer to a dispute, and the flag the reminder
-- sweep sets on a plan whose installment is still unpaid after the grace period (admins follow it up;
-- a plan is never cancelled automatically).

-- AlterTable
ALTER TABLE "installment_plans" ADD COLUMN     "flagged_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "disputes" ADD COLUMN     "responded_at" TIMESTAMPTZ(3),
ADD COLUMN     "response" VARCHAR(2000);

