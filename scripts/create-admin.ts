import { argValue, CliError, hasFlag, promptHidden, runTool } from "./lib/cli";

const usage = `Usage: npm run create-admin -- --email <address> [--name <name>] [--password <password>]

Creates an admin account in the configured database. On a terminal it asks for the password
(leave it empty to get a set-password link instead). Without a terminal and without --password,
it writes a set-password link to the mail outbox and prints it.`;

if (hasFlag("help")) {
  console.log(usage);
  process.exit(0);
}

const email = argValue("email");
if (!email) {
  console.error(`--email is required.\n\n${usage}`);
  process.exit(1);
}

await runTool("npm run create-admin", async () => {
  let password = argValue("password");
  if (password === undefined && process.stdin.isTTY) {
    password = await promptHidden("Password for the new admin (empty: send a set-password link): ");
    if (password) {
      const again = await promptHidden("The same password again: ");
      if (again !== password) throw new CliError("The passwords do not match; nothing was changed.");
    } else {
      password = undefined;
    }
  }
  const { createAdmin } = await import("./lib/admin");
  const result = await createAdmin({ email, name: argValue("name"), password });
  console.log(`Created the admin ${result.email}.`);
  if (password !== undefined) {
    console.log("They can sign in on /login with that password.");
  } else if (result.setPasswordLink) {
    console.log(
      `Set-password link (also in the mail outbox as an invitation; valid for one hour, then use /forgot-password):`,
    );
    console.log(`  ${result.setPasswordLink}`);
  } else {
    console.log("A set-password message was written to the mail outbox.");
  }
});
