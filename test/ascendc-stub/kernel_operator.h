// Declaration-only stand-in for the Ascend C header "kernel_operator.h",
// covering the subset of the API that casc's emitter prints. It exists so
// that ctest can compile every emitted kernel with the host compiler
// (`g++ -std=c++17 -fsyntax-only -I test/ascendc-stub`): a misspelt API, a
// wrong template argument or a type error in the output fails the test.
// Signatures follow the public Ascend C API reference (TPipe, TQue,
// TQueBind, TBuf, GlobalTensor, LocalTensor, DataCopy, the vector APIs of
// levels 0/1/2, synchronisation); there is no behaviour here.
#ifndef CASC_ASCENDC_STUB_KERNEL_OPERATOR_H
#define CASC_ASCENDC_STUB_KERNEL_OPERATOR_H

#include <cstddef> // size_t, which pyasc's emitasc.copy_struct loop uses unqualified
#include <cstdint>
#include <string> // LocalTensor::ToFile's file name
// casc prints MLIR's scalar math ops (math.exp, math.sqrt, ...) as the C++
// standard library's functions, std::exp etc. (no Ascend C header declares
// a scalar AscendC::Exp); a kernel using them includes <cmath>.
#include <cmath>

// Bisheng (CCE) keywords: function kinds and address-space qualifiers.
#define __global__
#define __aicore__
#define __gm__
#define __ubuf__
#define __ca__
#define __cb__
#define __cc__
#define __cbuf__
#define __fbuf__

struct half {
  half();
  half(float);
  operator float() const;
};
struct bfloat16_t {
  bfloat16_t();
  bfloat16_t(float);
  operator float() const;
};

enum pipe_t {
  PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL,
  PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX
};

void set_ffts_base_addr(uint64_t addr);

namespace AscendC {

enum class TPosition {
  GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, MAX
};

enum class HardEvent {
  MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V,
  V_M, V_V, MTE3_MTE1, MTE1_MTE3, MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX,
  FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S,
  MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MTE1_FIX, FIX_MTE1, FIX_FIX, MAX
};

enum class RoundMode {
  CAST_NONE, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC,
  CAST_ODD
};

enum class CacheMode { CACHE_MODE_DISABLE, CACHE_MODE_NORMAL };
enum class CacheRwMode { READ = 1, WRITE = 2, RW = 3 };
enum class ReduceOrder {
  ORDER_VALUE_INDEX, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX
};

// A tensor's shape (Ascend C API reference, ShapeInfo): up to eight
// dimensions, the shape and the original shape as arrays.
enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC };
struct ShapeInfo {
  ShapeInfo();
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[],
            const uint8_t inputOriginalShapeDim,
            const uint32_t inputOriginalShape[], const DataFormat inputFormat);
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[],
            const DataFormat inputFormat);
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[]);
  uint8_t shapeDim;
  uint8_t originalShapeDim;
  uint32_t shape[8];
  uint32_t originalShape[8];
  DataFormat dataFormat;
};

// ---- tensors ---------------------------------------------------------------

// The level-3 operators (`dst = src0 + src1`): a LocalTensor operator
// returns an expression object that LocalTensor's operator= runs.
template <typename T> class SymbolOverrideAdd;
template <typename T> class SymbolOverrideSub;
template <typename T> class SymbolOverrideMul;
template <typename T> class SymbolOverrideDiv;
template <typename T> class SymbolOverrideOr;
template <typename T> class SymbolOverrideAnd;

template <typename T> class LocalTensor {
public:
  LocalTensor();
  LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize);
  LocalTensor operator[](uint32_t offset) const;
  T &operator()(uint32_t offset) const;
  T GetValue(uint32_t index) const;
  void SetValue(uint32_t index, T value) const;
  uint32_t GetSize() const;
  uint32_t GetLength() const;
  uint64_t GetPhyAddr() const;
  uint64_t GetPhyAddr(uint32_t offset) const;
  int32_t GetPosition() const;
  void SetSize(uint32_t size);
  void SetBufferLen(uint32_t dataLen);
  void SetUserTag(int32_t tag);
  int32_t GetUserTag() const;
  void SetAddrWithOffset(LocalTensor<T> &src, uint32_t offset);
  ShapeInfo GetShapeInfo() const;
  void SetShapeInfo(const ShapeInfo &info);
  template <typename U> LocalTensor<U> ReinterpretCast() const;
  LocalTensor &operator=(const LocalTensor &) = default;
  void operator=(const SymbolOverrideAdd<T> &symbolOverride);
  void operator=(const SymbolOverrideSub<T> &symbolOverride);
  void operator=(const SymbolOverrideMul<T> &symbolOverride);
  void operator=(const SymbolOverrideDiv<T> &symbolOverride);
  void operator=(const SymbolOverrideOr<T> &symbolOverride);
  void operator=(const SymbolOverrideAnd<T> &symbolOverride);
  SymbolOverrideAdd<T> operator+(const LocalTensor<T> &src1) const;
  SymbolOverrideSub<T> operator-(const LocalTensor<T> &src1) const;
  SymbolOverrideMul<T> operator*(const LocalTensor<T> &src1) const;
  SymbolOverrideDiv<T> operator/(const LocalTensor<T> &src1) const;
  SymbolOverrideOr<T> operator|(const LocalTensor<T> &src1) const;
  SymbolOverrideAnd<T> operator&(const LocalTensor<T> &src1) const;
  // Printing is part of the CPU debug build (ASCENDC_CPU_DEBUG).
  void Print();
  void Print(uint32_t len);
  // Dumps the tensor to a file, also CPU debug only (reference: "ToFile",
  // int32_t ToFile(const std::string& fileName) const).
  int32_t ToFile(const std::string &fileName) const;
};

#define CASC_STUB_SYMBOL(Name)                                                 \
  template <typename T> class Name {                                           \
  public:                                                                      \
    Name(const LocalTensor<T> &src0, const LocalTensor<T> &src1);              \
    void Process(const LocalTensor<T> &dst) const;                             \
  };
CASC_STUB_SYMBOL(SymbolOverrideAdd)
CASC_STUB_SYMBOL(SymbolOverrideSub)
CASC_STUB_SYMBOL(SymbolOverrideMul)
CASC_STUB_SYMBOL(SymbolOverrideDiv)
CASC_STUB_SYMBOL(SymbolOverrideOr)
CASC_STUB_SYMBOL(SymbolOverrideAnd)
#undef CASC_STUB_SYMBOL

template <typename T> class GlobalTensor {
public:
  GlobalTensor();
  void SetGlobalBuffer(__gm__ T *buffer, uint64_t bufferSize);
  void SetGlobalBuffer(__gm__ T *buffer);
  GlobalTensor operator[](uint64_t offset) const;
  T &operator()(uint64_t offset) const;
  T GetValue(uint64_t offset) const;
  void SetValue(uint64_t offset, T value);
  uint64_t GetSize() const;
  __gm__ T *GetPhyAddr() const;
  __gm__ T *GetPhyAddr(uint64_t offset) const;
  ShapeInfo GetShapeInfo() const;
  void SetShapeInfo(const ShapeInfo &info);
  template <CacheRwMode rwMode = CacheRwMode::RW>
  void SetL2CacheHint(CacheMode mode);
};

// ---- TPipe / TQueBind / TQue / TBuf ------------------------------------------

using TBufHandle = uint8_t *;

template <TPosition src, TPosition dst, int32_t depth> class TQueBind {
public:
  TQueBind();
  template <typename T> LocalTensor<T> AllocTensor();
  template <typename T> void AllocTensor(LocalTensor<T> &tensor);
  template <typename T> bool EnQue(const LocalTensor<T> &tensor);
  template <TPosition srcUserPos, TPosition dstUserPos, typename T>
  bool EnQue(const LocalTensor<T> &tensor);
  template <typename T> LocalTensor<T> DeQue();
  template <typename T> void DeQue(LocalTensor<T> &tensor);
  template <TPosition srcUserPos, TPosition dstUserPos, typename T>
  LocalTensor<T> DeQue();
  template <typename T> void FreeTensor(LocalTensor<T> &tensor);
  bool HasIdleBuffer();
  bool HasTensorInQue();
  bool VacantInQue();
  int32_t GetTensorCountInQue();
  void FreeAllEvent();
  void Destroy();
  // For a user-defined TBufPool (reference: "InitStartBufHandle",
  // "InitBufHandle"; TBufHandle is a uint8_t*).
  void InitStartBufHandle(TBufHandle startBufhandle, uint8_t num,
                          uint32_t len);
  template <typename T>
  void InitBufHandle(T *bufPool, uint32_t index, TBufHandle bufhandle,
                     uint32_t curPoolAddr, uint32_t len);
};

template <TPosition pos, int32_t depth>
class TQue : public TQueBind<pos, pos, depth> {
public:
  TQue();
};

template <TPosition pos> class TBuf {
public:
  TBuf();
  template <typename T> LocalTensor<T> Get();
  template <typename T> LocalTensor<T> Get(uint32_t len);
  template <typename T>
  LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset);
};

template <TPosition pos, uint32_t bufIDSize> class TBufPool {
public:
  TBufPool();
  template <class T> bool InitBuffer(T &que, uint8_t num, uint32_t len);
  template <TPosition bufPos> bool InitBuffer(TBuf<bufPos> &buf, uint32_t len);
  template <class T, class U>
  bool InitBufPool(T &bufPool, uint32_t len, U &shareBuf);
  template <class T> bool InitBufPool(T &bufPool, uint32_t len);
  void Reset();
};

class TPipe {
public:
  TPipe();
  template <class Q> bool InitBuffer(Q &que, uint8_t num, uint32_t len);
  template <TPosition pos> bool InitBuffer(TBuf<pos> &buf, uint32_t len);
  void Init();
  void Reset();
  void Destroy();
  template <HardEvent evt> int8_t AllocEventID();
  template <HardEvent evt> int8_t FetchEventID();
  template <HardEvent evt> void ReleaseEventID(int8_t id);
  template <class T> bool InitBufPool(T &bufPool, uint32_t len);
  template <class T, class U>
  bool InitBufPool(T &bufPool, uint32_t len, U &shareBuf);
  // The base address of a logical position, CPU debug only (reference:
  // "GetBaseAddr", inline uint8_t* GetBaseAddr(int8_t logicPos)).
  uint8_t *GetBaseAddr(int8_t logicPos);
};

// ---- parameter structs -----------------------------------------------------------

struct DataCopyParams {
  DataCopyParams();
  DataCopyParams(uint16_t blockCount, uint16_t blockLen, uint16_t srcStride,
                 uint16_t dstStride);
  uint16_t blockCount, blockLen, srcStride, dstStride;
};

// DataCopyPad's padding (the non-template form: the value is raw bits).
struct DataCopyPadParams {
  DataCopyPadParams();
  DataCopyPadParams(bool isPad, uint8_t leftPadding, uint8_t rightPadding,
                    uint64_t paddingValue);
};

struct BinaryRepeatParams {
  BinaryRepeatParams();
  BinaryRepeatParams(uint8_t dstBlkStride, uint8_t src0BlkStride,
                     uint8_t src1BlkStride, uint8_t dstRepStride,
                     uint8_t src0RepStride, uint8_t src1RepStride);
};

struct UnaryRepeatParams {
  UnaryRepeatParams();
  UnaryRepeatParams(uint16_t dstBlkStride, uint16_t srcBlkStride,
                    uint8_t dstRepStride, uint8_t srcRepStride);
};

// ---- data movement ---------------------------------------------------------------

template <typename T>
void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
              const uint32_t calCount);
template <typename T>
void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
              const uint32_t calCount);
template <typename T>
void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src,
              const uint32_t calCount);
template <typename T>
void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
              const DataCopyParams &params);
template <typename T>
void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
              const DataCopyParams &params);
template <typename T>
void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src,
              const DataCopyParams &params);

// Unaligned copies: blockLen in bytes (GM strides in bytes, UB strides in
// 32-byte blocks).
template <typename T>
void DataCopyPad(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                 const DataCopyParams &params, const DataCopyPadParams &pad);
template <typename T>
void DataCopyPad(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                 const DataCopyParams &params);

// One dimension of a multi-dimensional slice copy.
struct SliceInfo {
  SliceInfo();
  SliceInfo(uint32_t startIndex, uint32_t endIndex, uint32_t stride,
            uint32_t burstLen, uint32_t shapeValue);
};
template <typename T>
void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
              const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[],
              const uint32_t dimValue = 1);
template <typename T>
void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
              const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[],
              const uint32_t dimValue = 1);

// Parameters of the 3-D image-to-column load (a class template in Ascend C).
template <typename T> struct LoadData3DParamsV2 {
  LoadData3DParamsV2();
};

// ---- vector compute: level 2 (count), level 0 (mask), level 1 (bit mask) ---------

#define CASC_STUB_BINARY(Name)                                                 \
  template <typename T>                                                        \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src0,             \
            const LocalTensor<T> &src1, const int32_t &calCount);              \
  template <typename T, bool isSetMask = true>                                 \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src0,             \
            const LocalTensor<T> &src1, uint64_t mask,                         \
            const uint8_t repeatTimes, const BinaryRepeatParams &params);      \
  template <typename T, bool isSetMask = true>                                 \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src0,             \
            const LocalTensor<T> &src1, uint64_t mask[],                       \
            const uint8_t repeatTimes, const BinaryRepeatParams &params);
CASC_STUB_BINARY(Add)
CASC_STUB_BINARY(Sub)
CASC_STUB_BINARY(Mul)
CASC_STUB_BINARY(Div)
CASC_STUB_BINARY(Max)
CASC_STUB_BINARY(Min)
CASC_STUB_BINARY(And)
CASC_STUB_BINARY(Or)
CASC_STUB_BINARY(AddRelu)
CASC_STUB_BINARY(SubRelu)
CASC_STUB_BINARY(FusedMulAdd)
CASC_STUB_BINARY(FusedMulAddRelu)
#undef CASC_STUB_BINARY
template <typename T>
void Prelu(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
           const LocalTensor<T> &src1, const int32_t &calCount);

#define CASC_STUB_SCALAR(Name)                                                 \
  template <typename T, bool isSetMask = true>                                 \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src,              \
            const T &scalar, const int32_t &calCount);                         \
  template <typename T, bool isSetMask = true>                                 \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src,              \
            const T &scalar, uint64_t mask, const uint8_t repeatTimes,         \
            const UnaryRepeatParams &params);                                  \
  template <typename T, bool isSetMask = true>                                 \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src,              \
            const T &scalar, uint64_t mask[], const uint8_t repeatTimes,       \
            const UnaryRepeatParams &params);
CASC_STUB_SCALAR(Adds)
CASC_STUB_SCALAR(Muls)
CASC_STUB_SCALAR(Maxs)
CASC_STUB_SCALAR(Mins)
CASC_STUB_SCALAR(LeakyRelu)
CASC_STUB_SCALAR(ShiftLeft)
CASC_STUB_SCALAR(ShiftRight)
#undef CASC_STUB_SCALAR

#define CASC_STUB_UNARY(Name)                                                  \
  template <typename T>                                                        \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src,              \
            const int32_t &calCount);                                          \
  template <typename T, bool isSetMask = true>                                 \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src,              \
            uint64_t mask, const uint8_t repeatTimes,                          \
            const UnaryRepeatParams &params);                                  \
  template <typename T, bool isSetMask = true>                                 \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src,              \
            uint64_t mask[], const uint8_t repeatTimes,                        \
            const UnaryRepeatParams &params);
CASC_STUB_UNARY(Exp)
CASC_STUB_UNARY(Ln)
CASC_STUB_UNARY(Abs)
CASC_STUB_UNARY(Reciprocal)
CASC_STUB_UNARY(Sqrt)
CASC_STUB_UNARY(Rsqrt)
CASC_STUB_UNARY(Relu)
CASC_STUB_UNARY(Not)
#undef CASC_STUB_UNARY
template <typename T>
void Neg(const LocalTensor<T> &dst, const LocalTensor<T> &src,
         const int32_t &calCount);

template <typename T>
void Duplicate(const LocalTensor<T> &dst, const T &scalar,
               const int32_t &calCount);
template <typename T, bool isSetMask = true>
void Duplicate(const LocalTensor<T> &dst, const T &scalar, uint64_t mask,
               const uint8_t repeatTimes, const uint16_t dstBlockStride,
               const uint8_t dstRepeatStride);
template <typename T, bool isSetMask = true>
void Duplicate(const LocalTensor<T> &dst, const T &scalar, uint64_t mask[],
               const uint8_t repeatTimes, const uint16_t dstBlockStride,
               const uint8_t dstRepeatStride);

template <typename T1, typename T2>
void Cast(const LocalTensor<T1> &dst, const LocalTensor<T2> &src,
          const RoundMode &roundMode, const uint32_t calCount);
template <typename T1, typename T2, bool isSetMask = true>
void Cast(const LocalTensor<T1> &dst, const LocalTensor<T2> &src,
          const RoundMode &roundMode, uint64_t mask, const uint8_t repeatTimes,
          const UnaryRepeatParams &params);
template <typename T1, typename T2, bool isSetMask = true>
void Cast(const LocalTensor<T1> &dst, const LocalTensor<T2> &src,
          const RoundMode &roundMode, uint64_t mask[],
          const uint8_t repeatTimes, const UnaryRepeatParams &params);

template <typename T>
void ReduceSum(const LocalTensor<T> &dst, const LocalTensor<T> &src,
               const LocalTensor<T> &sharedTmpBuffer, const int32_t count);
template <typename T>
void ReduceMax(const LocalTensor<T> &dst, const LocalTensor<T> &src,
               const LocalTensor<T> &sharedTmpBuffer, const int32_t count,
               bool calIndex = false);
template <typename T>
void ReduceMin(const LocalTensor<T> &dst, const LocalTensor<T> &src,
               const LocalTensor<T> &sharedTmpBuffer, const int32_t count,
               bool calIndex = false);

// ---- synchronisation and system variables ----------------------------------

template <HardEvent event> void SetFlag(int32_t eventID);
template <HardEvent event> void WaitFlag(int32_t eventID);
template <pipe_t pipe> void PipeBarrier();
int64_t GetBlockIdx();
int64_t GetBlockNum();

// Values returned through reference parameters (Ascend C API reference:
// GetMrgSortResult, GetStoreAtomicConfig).
void GetMrgSortResult(uint16_t &mrgSortList1, uint16_t &mrgSortList2,
                      uint16_t &mrgSortList3, uint16_t &mrgSortList4);
void GetStoreAtomicConfig(uint16_t &atomicType, uint16_t &atomicOp);

// ---- the cube (Ascend C API reference: DataCopy ND2NZ, LoadData 2D, Mmad,
// Fixpipe L0C -> GM; the structs' constructors of arch 2201) -----------------

struct Nd2NzParams {
  Nd2NzParams();
  Nd2NzParams(uint16_t ndNum, uint16_t nValue, uint16_t dValue,
              uint16_t srcNdMatrixStride, uint16_t srcDValue,
              uint16_t dstNzC0Stride, uint16_t dstNzNStride,
              uint16_t dstNzMatrixStride);
};
template <typename T>
void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
              const Nd2NzParams &intriParams);

struct LoadData2DParams {
  LoadData2DParams();
  LoadData2DParams(uint16_t startIndex, uint8_t repeatTimes,
                   uint16_t srcStride, uint8_t sid, uint16_t dstGap,
                   bool ifTranspose, uint8_t addrMode);
};
template <typename T>
void LoadData(const LocalTensor<T> &dst, const LocalTensor<T> &src,
              const LoadData2DParams &loadDataParams);
template <typename T>
void LoadData(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
              const LoadData2DParams &loadDataParams);

struct MmadParams {
  MmadParams();
  MmadParams(uint16_t m, uint16_t n, uint16_t k, uint8_t unitFlag,
             bool cmatrixSource, bool cmatrixInitVal);
  MmadParams(uint16_t m, uint16_t n, uint16_t k, bool isBias,
             int32_t fmOffset, bool enSsparse, bool enWinogradA,
             bool enWinogradB);
};
template <typename T, typename U, typename S>
void Mmad(const LocalTensor<T> &dst, const LocalTensor<U> &fm,
          const LocalTensor<S> &filter, const MmadParams &mmadParams);
template <typename T, typename U, typename S, typename V>
void Mmad(const LocalTensor<T> &dst, const LocalTensor<U> &fm,
          const LocalTensor<S> &filter, const LocalTensor<V> &bias,
          const MmadParams &mmadParams);

enum class CO2Layout : uint8_t { NZ = 0, ROW_MAJOR, COLUMN_MAJOR };
struct FixpipeConfig {
  CO2Layout format;
};
constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};
constexpr FixpipeConfig CFG_COLUMN_MAJOR = {CO2Layout::COLUMN_MAJOR};

} // namespace AscendC

// QuantMode_t is declared outside the namespace in Ascend C.
enum QuantMode_t {
  NoQuant = 0,
  F322F16 = 1,
  F322BF16 = 16,
};

namespace AscendC {

struct FixpipeParamsV220 {
  FixpipeParamsV220();
  FixpipeParamsV220(uint16_t nSize, uint16_t mSize, uint16_t srcStride,
                    uint32_t dstStride, bool reluEn);
  // The form with every field, isChannelSplit last (the IR's 12 fields).
  FixpipeParamsV220(uint16_t nSize, uint16_t mSize, uint16_t srcStride,
                    uint32_t dstStride, bool reluEn, QuantMode_t quantPre,
                    int64_t deqScalar, uint16_t ndNum, uint16_t srcNdStride,
                    uint16_t dstNdStride, uint8_t unitFlag,
                    bool isChannelSplit);
};
template <typename T, typename U, const FixpipeConfig &config>
void Fixpipe(const GlobalTensor<T> &dst, const LocalTensor<U> &src,
             const FixpipeParamsV220 &intriParams);
template <typename T, typename U, const FixpipeConfig &config>
void Fixpipe(const GlobalTensor<T> &dst, const LocalTensor<U> &src,
             const LocalTensor<uint64_t> &cbufWorkspace,
             const FixpipeParamsV220 &intriParams);

// printf (Ascend C API reference, "printf"): a format string and its
// arguments, printed by the debug build.
template <typename... Args> void printf(const char *fmt, Args... args);

} // namespace AscendC

// The rest of the API (issue 11).
#include "kernel_operator_ext.h"

#endif
