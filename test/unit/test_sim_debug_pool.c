/* The debug-output rows and TBufPool against values derived by hand,
 * through the host API: LocalTensor.Print(len) / Print(), ToFile,
 * DumpAccChkPoint and PrintTimeStamp hand the print sink the texts below
 * (16 int32 5s with t[3] = 9 and t[8] = 11), nothing without a sink; a
 * TBufPool sharing another's memory hands out the same address, may not
 * be longer than it, and a pool carved from another loses its memory at
 * the parent's Reset. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "sim_env.h"

#define LT "!ascendc.local_tensor<*xi32>"
static const char *print_module =
    "module {\n"
    "  func.func @show() attributes {ascendc.global} {\n"
    "    %c3 = arith.constant 3 : i32\n"
    "    %c5 = arith.constant 5 : i32\n"
    "    %c8 = arith.constant 8 : i32\n"
    "    %c9 = arith.constant 9 : i32\n"
    "    %c11 = arith.constant 11 : i32\n"
    "    %c16 = arith.constant 16 : i32\n"
    "    %c64 = arith.constant 64 : i32\n"
    "    %u3 = \"emitc.constant\"() <{value = 3 : ui32}> : () -> ui32\n"
    "    %u7 = \"emitc.constant\"() <{value = 7 : ui32}> : () -> ui32\n"
    "    %u8 = \"emitc.constant\"() <{value = 8 : ui32}> : () -> ui32\n"
    "    %id = arith.constant 70000 : i32\n"
    "    %pipe = ascendc.pipe\n"
    "    %tb = ascendc.tbuf : <veccalc>\n"
    "    ascendc.pipe.init_buffer %pipe, %tb, %c64 : !ascendc.tbuf<veccalc>, "
    "i32\n"
    "    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, " LT "\n"
    "    ascendc.duplicate_l2 %t, %c5, %c16 : " LT ", i32, i32\n"
    "    ascendc.pipe_barrier pipe_all\n"
    "    ascendc.local_tensor.set_value %t, %c3, %c9 : " LT ", i32, i32\n"
    "    ascendc.local_tensor.set_value %t, %c8, %c11 : " LT ", i32, i32\n"
    "    ascendc.local_tensor.print %t, %u3 : " LT ", ui32\n"
    "    ascendc.local_tensor.to_file %t {fileName = \"a.bin\"} : " LT "\n"
    "    ascendc.dump_acc_chk_point %t, %u7, %u8, %u3 : " LT
    ", ui32, ui32, ui32\n"
    "    ascendc.print_time_stamp %id : i32\n"
    "    return\n"
    "  }\n"
    "}\n";

typedef struct {
  char *text[8];
  unsigned n;
} sink;

static void collect(const casc_sim_print *p, void *user) {
  sink *s = user;
  if (s->n < 8) {
    s->text[s->n] = malloc(strlen(p->text) + 1);
    if (s->text[s->n])
      strcpy(s->text[s->n], p->text);
    s->n++;
  }
}

static void test_print_rows(void) {
  env e;
  REQUIRE(env_parse(&e, print_module));
  sink s;
  memset(&s, 0, sizeof s);
  casc_launch_opts opts = {.threads = 1, .print = collect, .print_user = &s};
  casc_launch_result res;
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "show", 1, NULL, 0, &opts, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(res.nissues, 0);
  CHECK_EQ_INT(s.n, 4);
  if (s.n == 4) {
    CHECK_STREQ(s.text[0], "Print: addr=0, data_type=int32, position=UB, "
                           "len=3\n[5, 5, 5]\n");
    CHECK_STREQ(s.text[1],
                "ToFile: file=a.bin, addr=0, data_type=int32, position=UB, "
                "len=16\n[5, 5, 5, 9, 5, 5, 5, 5, 11, 5, 5, 5, 5, 5, 5, 5]\n");
    CHECK_STREQ(s.text[2], "DumpTensor: desc=7, addr=32, data_type=int32, "
                           "position=UB, dump_size=3\n[11, 5, 5]\n");
    CHECK(strncmp(s.text[3], "descId is 70000, rsv is 0, timeStamp is ", 40) ==
          0);
    CHECK_CONTAINS(s.text[3], ", entry is 0.");
  }
  for (unsigned i = 0; i < s.n && i < 8; i++)
    free(s.text[i]);
  /* no sink: the rows only check their operands */
  casc_launch_opts quiet = {.threads = 1};
  st = casc_launch(e.ctx, e.module, "show", 1, NULL, 0, &quiet, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  env_free(&e);
}

#define POOL "!ascendc.tbuf_pool<vecin, 4>"
static const char *pool_module =
    "module {\n"
    "  func.func @share(%out: memref<?xi32, 22>) attributes {ascendc.global} "
    "{\n"
    "    %c64 = arith.constant 64 : i32\n"
    "    %c512 = arith.constant 512 : i32\n"
    "    %i0 = arith.constant 0 : i64\n"
    "    %i1 = arith.constant 1 : i64\n"
    "    %u0 = emitc.cast %i0 : i64 to ui64\n"
    "    %u1 = emitc.cast %i1 : i64 to ui64\n"
    "    %og = ascendc.global_tensor : !ascendc.global_tensor<*xi32>\n"
    "    ascendc.global_tensor.set_global_buffer %og, %out : "
    "!ascendc.global_tensor<*xi32>, memref<?xi32, 22>\n"
    "    %pipe = ascendc.pipe\n"
    "    %tb0 = ascendc.tbuf : <veccalc>\n"
    "    ascendc.pipe.init_buffer %pipe, %tb0, %c64 : "
    "!ascendc.tbuf<veccalc>, i32\n"
    "    %p = ascendc.tBufPool : " POOL "\n"
    "    %q = ascendc.tBufPool : " POOL "\n"
    "    %ok = ascendc.pipe.init_buf_pool(%pipe, %p, %c512) : "
    "!ascendc.pipe, " POOL ", i32 -> i1\n"
    "    %ok2 = ascendc.pipe.init_buf_pool(%pipe, %q, %@QLEN@) , %p : "
    "!ascendc.pipe, " POOL ", i32 , " POOL " -> i1\n"
    "    %t1 = ascendc.tbuf : <vecin>\n"
    "    %t2 = ascendc.tbuf : <vecin>\n"
    "    ascendc.tbuf_pool.init_buffer %p, %t1, %c64 : " POOL
    ", !ascendc.tbuf<vecin>, i32\n"
    "    ascendc.tbuf_pool.init_buffer %q, %t2, %c64 : " POOL
    ", !ascendc.tbuf<vecin>, i32\n"
    "    %w1 = ascendc.tbuf.get_tensor %t1 : !ascendc.tbuf<vecin>, " LT "\n"
    "    %w2 = ascendc.tbuf.get_tensor %t2 : !ascendc.tbuf<vecin>, " LT "\n"
    "    %a1 = ascendc.local_tensor.get_phy_addr %w1 : " LT ", i32\n"
    "    %a2 = ascendc.local_tensor.get_phy_addr %w2 : " LT ", i32\n"
    "    ascendc.global_tensor.set_value %og, %u0, %a1 : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    ascendc.global_tensor.set_value %og, %u1, %a2 : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    return\n"
    "  }\n"
    "  func.func @child() attributes {ascendc.global} {\n"
    "    %c64 = arith.constant 64 : i32\n"
    "    %c256 = arith.constant 256 : i32\n"
    "    %pipe = ascendc.pipe\n"
    "    %p = ascendc.tBufPool : " POOL "\n"
    "    %q = ascendc.tBufPool : " POOL "\n"
    "    %ok = ascendc.pipe.init_buf_pool(%pipe, %p, %c256) : "
    "!ascendc.pipe, " POOL ", i32 -> i1\n"
    "    %ok2 = ascendc.tbuf_pool.init_buf_pool(%p, %q, %c64) : " POOL ", " POOL
    ", i32 -> i1\n"
    "    ascendc.tbuf_pool.reset %p : " POOL "\n"
    "    %t = ascendc.tbuf : <vecin>\n"
    "    ascendc.tbuf_pool.init_buffer %q, %t, %c64 : " POOL
    ", !ascendc.tbuf<vecin>, i32\n"
    "    return\n"
    "  }\n"
    "}\n";

/* pool_module with the shared pool's length. */
static bool parse_pool(env *e, const char *qlen) {
  const char *at = strstr(pool_module, "@QLEN@");
  size_t n = strlen(pool_module) + 16;
  char *text = malloc(n);
  if (!text || !at)
    return false;
  snprintf(text, n, "%.*s%s%s", (int)(at - pool_module), pool_module, qlen,
           at + 6);
  bool ok = env_parse(e, text);
  free(text);
  return ok;
}

static void test_pool_share(void) {
  env e;
  /* q shares p's memory: both start at 64, after the TPipe's TBuf */
  REQUIRE(parse_pool(&e, "c512"));
  int32_t out[2] = {-1, -1};
  casc_arg args[1] = {casc_arg_gm(out, CASC_DT_I32, 2)};
  casc_launch_opts opts = {.threads = 1};
  casc_launch_result res;
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "share", 1, args, 1, &opts, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(out[0], 64);
  CHECK_EQ_INT(out[1], 64);
  /* a pool carved from another loses its memory at the parent's Reset */
  st = casc_launch(e.ctx, e.module, "child", 1, NULL, 0, &opts, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
  CHECK_EQ_INT(res.nissues, 1);
  if (res.nissues)
    CHECK_CONTAINS(res.issues[0].msg, "before InitBufPool gave it memory");
  env_free(&e);

  /* a length the TBufPool it shares cannot hold: 1024 > 512 */
  const char *bad = "module {\n"
                    "  func.func @k() attributes {ascendc.global} {\n"
                    "    %c512 = arith.constant 512 : i32\n"
                    "    %c1024 = arith.constant 1024 : i32\n"
                    "    %pipe = ascendc.pipe\n"
                    "    %p = ascendc.tBufPool : " POOL "\n"
                    "    %q = ascendc.tBufPool : " POOL "\n"
                    "    %ok = ascendc.pipe.init_buf_pool(%pipe, %p, %c512) : "
                    "!ascendc.pipe, " POOL ", i32 -> i1\n"
                    "    %ok2 = ascendc.pipe.init_buf_pool(%pipe, %q, %c1024) "
                    ", %p : !ascendc.pipe, " POOL ", i32 , " POOL " -> i1\n"
                    "    return\n"
                    "  }\n"
                    "}\n";
  REQUIRE(env_parse(&e, bad));
  st = casc_launch(e.ctx, e.module, "k", 1, NULL, 0, &opts, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
  CHECK_EQ_INT(res.nissues, 1);
  if (res.nissues)
    CHECK_STREQ(res.issues[0].msg,
                "InitBufPool: TBufPool #1 shares TBufPool #0's memory, which "
                "is 512 bytes of UB; it asks for 1024 bytes of UB");
  env_free(&e);
}

int main(void) {
  RUN_TEST(test_print_rows);
  RUN_TEST(test_pool_share);
  return CHECK_SUMMARY();
}
