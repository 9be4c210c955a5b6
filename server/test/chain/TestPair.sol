// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A minimal liquidity pair for the LP reader's tests: an LP token with the pair's view of its two tokens and
/// reserves; `mint` (tests only) issues LP tokens and sets the reserves.
contract TestPair {
    string public constant name = "Test LP";
    string public constant symbol = "TLP";
    uint8 public constant decimals = 18;
    address public immutable token0;
    address public immutable token1;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    uint112 private reserve0;
    uint112 private reserve1;
    uint32 private stamp;

    constructor(address token0_, address token1_) {
        token0 = token0_;
        token1 = token1_;
    }

    function getReserves() external view returns (uint112, uint112, uint32) {
        return (reserve0, reserve1, stamp);
    }

    function mint(address to, uint256 liquidity, uint112 r0, uint112 r1) external {
        totalSupply += liquidity;
        balanceOf[to] += liquidity;
        reserve0 = r0;
        reserve1 = r1;
        stamp = uint32(block.timestamp);
    }
}
