-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "dispatch_courier" VARCHAR(60),
ADD COLUMN     "dispatch_note" VARCHAR(500),
ADD COLUMN     "dispatch_tracking" VARCHAR(60);

