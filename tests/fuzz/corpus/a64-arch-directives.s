.arch armv8.5-a+crc+sb
fmlal v0.2s, v1.2h, v2.2h
.arch_extension nofp16fml
.arch_extension
.arch armv9.5a+crypto+
.cpu apple-m1+nocrypto+foo
.cpu
cnt x0, x1
sm4e v0.4s, v1.4s
.arch_extension cssc
abs x0, x1
setgp [x0]!, x1!, x2
