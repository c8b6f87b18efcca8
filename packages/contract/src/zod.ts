import { z } from 'zod';

// The web app runs under a Content Security Policy without 'unsafe-eval'. Left to itself, zod probes
// for eval (`new Function`) to compile parsers, and the browser reports each refused probe as a
// policy violation. Every schema of the contract and the web app imports z from here, so this holds
// before the first schema is built.
z.config({ jitless: true });

export { z };
