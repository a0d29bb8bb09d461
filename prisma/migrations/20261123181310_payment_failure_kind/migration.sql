-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "failure_kind" VARCHAR(24);

