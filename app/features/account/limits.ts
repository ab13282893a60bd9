/** Field caps shared by the schemas and the inputs' maxLength (hostile input never reaches the database). */
export const limits = {
  email: 254,
  name: 100,
  password: 128,
  passwordMin: 8,
  phone: 32,
  code: 6,
  token: 256,
  redirectTo: 2048,
} as const;
