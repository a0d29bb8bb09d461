/** The tRPC root router served at /trpc. The client imports only `type AppRouter` from here. */
import { createCallerFactory, createTRPCRouter } from './init.ts';
import { adminRouter } from './routers/admin.ts';

export const appRouter = createTRPCRouter({
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;

/** Calls procedures in-process (tests, scripts) with a context built by hand. */
export const createCaller = createCallerFactory(appRouter);
