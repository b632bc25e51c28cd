import type { NewUser } from 'integrator-console'
import { expect, test } from './fixtures'

const MEMBERS: (NewUser & { plan: 'Free' | 'Premium' })[] = [
  {
    token: 'lucia@example.com',
    firstname: 'Lucía',
    lastname: 'Fernández',
    status: 2,
    plan: 'Premium',
  },
  { token: 'jose@example.com', firstname: 'José', lastname: 'Núñez', status: 0, plan: 'Free' },
  { token: 'begona@example.com', firstname: 'Begoña', status: 2, plan: 'Premium' },
  { token: 'inaki@example.com', firstname: 'Iñaki', lastname: 'Arrieta', status: 0, plan: 'Free' },
  { token: 'maria.jose@example.com', firstname: 'María José', status: 0, plan: 'Free' },
  { token: 'oscar@example.com', lastname: 'Ibáñez', status: 2, plan: 'Premium' },
  { token: 'nobody-named@example.com', status: 0, plan: 'Free' },
  { token: 'x1', firstname: 'Xoán', lastname: 'Outeiro', status: 2, plan: 'Premium' },
  {
    token: 'montse@example.com',
    firstname: 'Montserrat',
    lastname: 'Puig',
    status: 0,
    plan: 'Free',
  },
  {
    token: 'aitor@example.com',
    firstname: 'Aitor',
    lastname: 'Etxeberria',
    status: 2,
    plan: 'Premium',
  },
  { token: 'rocio@example.com', firstname: 'Rocío', lastname: 'Ávila', status: 0, plan: 'Free' },
  { token: 'guillermo@example.com', firstname: 'Guillermo', status: 2, plan: 'Premium' },
  { token: 'nuria@example.com', firstname: 'Núria', lastname: 'Vilà', status: 0, plan: 'Free' },
  { token: 'ramon@example.com', firstname: 'Ramón', lastname: 'Cajal', status: 2, plan: 'Premium' },
  { token: 'elena@example.com', firstname: 'Elena', lastname: 'Díaz', status: 0, plan: 'Free' },
  { token: 'pau@example.com', firstname: 'Pau', status: 2, plan: 'Premium' },
  { token: 'carmen@example.com', firstname: 'Carmen', lastname: 'Ruiz', status: 0, plan: 'Free' },
  {
    token: 'andres@example.com',
    firstname: 'Andrés',
    lastname: 'Peña',
    status: 2,
    plan: 'Premium',
  },
  { token: 'sofia@example.com', firstname: 'Sofía', lastname: 'Gómez', status: 0, plan: 'Free' },
  { token: 'angel@example.com', firstname: 'Ángel', lastname: 'Muñoz', status: 2, plan: 'Premium' },
]

for (const { plan, ...member } of MEMBERS) {
  test(`${member.token} signs in and sees the ${plan} plan`, async ({
    users,
    jwtFor,
    membersApp,
    request,
  }) => {
    await users.create(member)
    const me = await request.get(`${membersApp}/me?member=${member.token}`, {
      headers: { authorization: `Bearer ${await jwtFor(member)}` },
    })
    const name = [member.firstname, member.lastname].filter(Boolean).join(' ') || member.token
    expect(await me.json()).toEqual({ name, plan })
  })
}

test('a member whose plan has no access gets no session', async ({ users, jwtFor }) => {
  const member = await users.create({ token: 'blocked@example.com', status: 3 })
  await expect(jwtFor(member)).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 })
})

test('no session, no page', async ({ membersApp, request }) => {
  expect((await request.get(`${membersApp}/me?member=ana@example.com`)).status()).toBe(401)
})

test('a session JWT with its signature changed is refused', async ({
  jwtFor,
  membersApp,
  request,
}) => {
  const forged = `${(await jwtFor('ana@example.com')).slice(0, -4)}AAAA`
  const me = await request.get(`${membersApp}/me?member=ana@example.com`, {
    headers: { authorization: `Bearer ${forged}` },
  })
  expect(me.status()).toBe(401)
})

test('a JWT from another sandbox is refused', async ({ membersApp, request }) => {
  const { startSandbox, createClient } = await import('integrator-console')
  await using other = await startSandbox({ seed: [{ token: 'ana@example.com', status: 2 }] })
  await using client = await createClient({ url: other.url, ...other.credentials })
  const { jwt } = await client.issueJwt('ana@example.com')
  const me = await request.get(`${membersApp}/me?member=ana@example.com`, {
    headers: { authorization: `Bearer ${jwt}` },
  })
  expect(me.status()).toBe(401)
})

test.describe.serial('one test after another on a worker', () => {
  test('a test makes a user and breaks the service', async ({ users, sandbox }) => {
    await users.create({ token: 'left-behind@example.com', status: 0 })
    sandbox.setFaults({ errorRate: 1 })
  })

  test('the next starts from the seed alone, the service whole again', async ({ client }) => {
    await expect(client.retrieveUser('left-behind@example.com')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    expect((await client.retrieveUser('ana@example.com')).firstname).toBe('Ana')
  })
})

test('members made together from a file each get a session of their own', async ({
  users,
  jwtFor,
  membersApp,
  request,
}) => {
  // A seed file's format (CSV here, or JSON), found from this file's folder.
  const made = await users.fromFile('./family.csv')
  const seen = []
  for (const member of made) {
    const me = await request.get(`${membersApp}/me?member=${member.token}`, {
      headers: { authorization: `Bearer ${await jwtFor(member)}` },
    })
    seen.push(await me.json())
  }
  expect(seen).toEqual([
    { name: 'Irene', plan: 'Free' },
    { name: 'Inés', plan: 'Premium' },
  ])
})

test('a plan changed on the service shows with the next session', async ({
  users,
  client,
  jwtFor,
  membersApp,
  request,
}) => {
  const member = await users.create({ token: 'upgraded@example.com', status: 0 })
  const before = await jwtFor(member)
  await client.updateUser(member.token, { status: 2 })
  const plans = []
  for (const jwt of [before, await jwtFor(member)]) {
    const me = await request.get(`${membersApp}/me?member=${member.token}`, {
      headers: { authorization: `Bearer ${jwt}` },
    })
    plans.push(((await me.json()) as { plan: string }).plan)
  }
  // The session the member already had still says what was true when it was issued.
  expect(plans).toEqual(['Free', 'Premium'])
})

test('a member the service does not know is said to be missing upstream', async ({
  jwtFor,
  membersApp,
  request,
}) => {
  const me = await request.get(`${membersApp}/me?member=ghost@example.com`, {
    headers: { authorization: `Bearer ${await jwtFor('ana@example.com')}` },
  })
  expect(await me.json()).toEqual({ error: 'the service answered 404' })
})

test('a user the service would refuse is refused by the factory, naming the field', async ({
  users,
}) => {
  await expect(
    users.create({ token: 'bad-nid@example.com', status: 0, nid_number: '00973305R' }),
  ).rejects.toMatchObject({
    code: 'VALIDATION',
    fields: { nid_number: [expect.any(String)] },
  })
})
