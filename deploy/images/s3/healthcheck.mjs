// Healthy when the S3 server answers HTTP on its port (an unsigned request gets an S3 error reply: that is enough).
const res = await fetch(`http://127.0.0.1:${process.env.S3_PORT || 9000}/`).catch(() => null);
process.exit(res ? 0 : 1);
