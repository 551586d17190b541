// Preloaded (node -r) into the helper processes the server starts (the
// cognito-local emulator, MailDev): they exit when their parent is gone, even when
// the parent was killed outright and could not stop them itself. The IPC
// channel the parent opened closes with it.
if (process.send) {
  process.on('disconnect', () => process.exit(0));
  // The channel must not keep the helper alive on its own.
  process.channel?.unref();
}
